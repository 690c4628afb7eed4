"""
Unites the extract.py and qos-keys.py outputs of several repositories and distributions into ros2-cli.json: positionals from the
newest branch (with nargsByDistro/distros where older ones differ), options and verbs united with `distros` where not
everywhere and choiceDistros for values, QoS choices from rclpy per branch, known extensions' options, rcl's --ros-args.
The commits below are the ones the shipped grammar was read from.

    python3 merge.py EXTRACTS_DIR OUT.json     (EXTRACTS_DIR holds ros2cli-humble.json, ros2+rosbag2-humble.json, ...)
"""
import json, os, sys
X = sys.argv[1]
DISTROS = ['humble', 'jazzy', 'rolling']
REPOS = [
  ('ros2/ros2cli', 'ros2cli-{d}', {'humble':'28d73d257f232f81c8b2cd05c64cf29f10f272e8','jazzy':'de6cd27284937044d8dff47a617581c28865210c','rolling':'e20d2c664fc2981b0b80ebed534e5becc6fdbf34'}),
  ('ros2/rosbag2', 'ros2+rosbag2{s}', {'humble':'d256a5bad515cae54c5274edf1a870e3ee8668b2','jazzy':'64717ee802a29b15acdcecd36f3f8ef286ad18b8','rolling':'25304dd36e51cc0fbccf148fded2dd4ba5ccba35'}),
  ('ros-controls/ros2_control', 'ros-controls+ros2_control{s}', {'humble':'0941f73c3c03d4154468c33765d2a3e0bdf721a3','jazzy':'9ffbf97fd6798085db22797fed44da59089dc10a','master':'53b9999d19908a00403739e59b894b6d95de2f36'}),
  ('ros2/sros2', 'ros2+sros2-{d}', {'humble':'bb3859098f123c65f8cfc90f45e21502be521d48','rolling':'e349fcf2ab68b97664295b71e41f1b86aa1034ab'}),
  ('ros2/launch_ros', 'ros2+launch_ros{s}', {'humble':'25a207cac3d7546fa7bfa8d3b078fc13f0e82479','jazzy':'62c56e53e86812023697fe330c83d327f54e7b18','rolling':'f9ab9371824d470bca47602bc7d277eb2217c90d'}),
]
RCLPY = {'humble':'b488272b1ba88c703080bfd605417f013697ee40','jazzy':'85415f713bf7f03152799496dc4287a75df1fc36','rolling':'ba72a017a9a1f8d2a92e615cafed318d99f7576f'}
# rclpy's short_keys() per distribution, from qos-keys.py (rclpy-qos-humble.json, ...): humble has no `default` or
# `best_available` profile and no `best_available` policies.
QOS = {d: json.load(open(os.path.join(X, f'rclpy-qos-{d}.json'))) for d in DISTROS}
# Options `ros2 launch` gains from known extensions (entry points of ros2launch.option): repository, extract file.
LAUNCH_EXTENSIONS = [
  ('osrf/ros2launch_security', 'osrf+ros2launch_security', {'main': '1d0db0e93637b95096cc158eb9e5184c20b60c03'}),
]
WANT = ['security', 'extension_points', 'extensions', 'topic','node','service','action','param','interface','launch','run','bag','doctor','wtf','pkg','component','lifecycle','control','daemon','multicast']
KIND = {
 'topic':'topic','topic_name':'topic','topics':'topic','topics_positional':'topic',
 'node_name':'node','container_node_name':'node',
 'service_name':'service','action_name':'action',
 'action_type':'type','message_type':'type','service_type':'type','topic_type':'type','type':'type',
 'package_name':'package','executable_name':'executable','plugin_type':'value',
 'bag_path':'path','param_file':'path','parameter_file':'path','launch_file_name':'path',
 'argv':'arguments','launch_arguments':'launch-argument',
}
INT = {'int','positive_int','nonnegative_int','unsigned_int','check_not_negative_int'}
FLOAT = {'float','positive_float','check_positive_float','check_not_negative_float'}

def norm_nargs(n):
    if n is None: return None
    if n in ('argparse.REMAINDER','REMAINDER'): return 'remainder'
    if n in ('OPTIONAL',): return '?'
    return n

def convert_arg(a, repo, distro):
    names = a['names']
    out = {}
    src = a['file']
    src = ('ros2/ros2cli:' + src[len('ros2cli:'):]) if src.startswith('ros2cli:') else f'{repo}:{src}'
    if names[0].startswith('-'):
        out['flags'] = names
        act = a.get('action')
        nargs = norm_nargs(a.get('nargs'))
        if act in ('store_true','store_false','count','store_const','help','version'):
            out['value'] = 'none'
        elif act == 'ParserROSArgs':
            out['value'] = 'ros-args'
        else:
            t = a.get('type')
            ch = a.get('choices')
            if isinstance(ch, list): out['value'] = 'choice'; out['choices'] = [str(c) for c in ch]
            elif isinstance(ch, str) and ch.startswith('EXPR:') and ch[5:] in QOS[distro]: out['value'] = 'choice'; out['choices'] = list(QOS[distro][ch[5:]])
            elif t in INT: out['value'] = 'int'
            elif t in FLOAT: out['value'] = 'float'
            else: out['value'] = 'string'
            if nargs is not None: out['nargs'] = nargs
            if act == 'append': out['repeatable'] = True
    else:
        out['name'] = names[0]
        out['kind'] = KIND.get(names[0], 'value')
        nargs = norm_nargs(a.get('nargs'))
        if nargs is not None: out['nargs'] = nargs
        ch = a.get('choices')
        if isinstance(ch, list): out['choices'] = [str(c) for c in ch]
    out['_src'] = src
    return out

def key(o): return tuple(o['flags']) if 'flags' in o else ('pos', o['name'])

def merge_list(per_distro):
    # per_distro: {distro: [converted]} ; union keeping order of latest distro first
    order = []; seen = {}; present = {}; choice_in = {}
    for d in reversed(DISTROS):
        for o in per_distro.get(d, []):
            k = key(o)
            if k in ('--help',): continue
            if k not in seen:
                seen[k] = dict(o, choices=list(o['choices'])) if 'choices' in o else dict(o); order.append(k)
            elif 'choices' in o and 'choices' in seen[k]:
                for c in o['choices']:
                    if c not in seen[k]['choices']: seen[k]['choices'].append(c)
            present.setdefault(k, set()).add(d)
            for c in o.get('choices', []): choice_in.setdefault(k, {}).setdefault(c, set()).add(d)
    out = []
    avail = [d for d in DISTROS if d in per_distro]
    for k in order:
        o = dict(seen[k])
        ds = [d for d in DISTROS if d in present[k]]
        if ds != avail: o['distros'] = ds
        # A choice value missing in a distribution that has the option: record where the value exists.
        limited = {c: [d for d in DISTROS if d in where] for c, where in choice_in.get(k, {}).items()
                   if [d for d in DISTROS if d in where] != ds}
        if limited: o['choiceDistros'] = limited
        out.append(o)
    return out

def nargs_of(o): return o.get('nargs')

def merge_positionals(per_distro):
    # The newest distribution's positionals, in its order; where an older one reads a positional with other nargs
    # (e.g. one topic where rolling takes several), `nargsByDistro` says so (null: exactly one); a positional some
    # distributions lack gets `distros`.
    avail = [d for d in DISTROS if d in per_distro]
    latest = avail[-1]
    names = [o['name'] for o in per_distro[latest] if 'name' in o]
    for d in reversed(avail):
        for o in per_distro[d]:
            if 'name' in o and o['name'] not in names: names.append(o['name'])
    out = []
    for n in names:
        have = {d: next(o for o in per_distro[d] if o.get('name') == n) for d in avail if any(o.get('name') == n for o in per_distro[d])}
        base = dict(have[latest] if latest in have else have[max(have, key=avail.index)])
        ds = [d for d in avail if d in have]
        if ds != avail: base['distros'] = ds
        other = {d: nargs_of(o) for d, o in have.items() if nargs_of(o) != nargs_of(base)}
        if other: base['nargsByDistro'] = {d: other[d] for d in DISTROS if d in other}
        out.append(base)
    return out

commands = {}
for repo, pattern, commits in REPOS:
    per = {}
    for d in DISTROS:
        fname = pattern.format(d=d, s='' if d == 'rolling' else f'-{d}') + '.json'
        if os.path.exists(os.path.join(X, fname)): per[d] = json.load(open(os.path.join(X, fname)))
    repo_distros = [d for d in DISTROS if d in per]
    names = []
    for d in reversed(repo_distros):
        for c in per[d]:
            if c not in names: names.append(c)
    for c in names:
        if c not in WANT: continue
        cmd_per = {d: [convert_arg(a, repo, d) for a in (per[d][c]['args'] or []) if 'names' in a] for d in repo_distros if c in per[d]}
        srcfile = next(per[d][c]['file'] for d in reversed(repo_distros) if c in per[d])
        entry = {'source': f'{repo}:{srcfile}'}
        lst = merge_list(cmd_per)
        latest = [d for d in DISTROS if d in cmd_per][-1]
        entry['positionals'] = merge_positionals(cmd_per)
        entry['options'] = [o for o in lst if 'flags' in o]
        verbs = {}
        vnames = []
        for d in reversed(repo_distros):
            if c in per[d]:
                for v in per[d][c]['verbs']:
                    if v not in vnames: vnames.append(v)
        for v in vnames:
            vper = {d: [convert_arg(a, repo, d) for a in (per[d][c]['verbs'][v]['args'] or []) if 'names' in a] for d in repo_distros if c in per[d] and v in per[d][c]['verbs']}
            vsrc = next(per[d][c]['verbs'][v]['file'] for d in reversed(repo_distros) if c in per[d] and v in per[d][c]['verbs'])
            ve = {'source': f'{repo}:{vsrc}'}
            ds = [d for d in DISTROS if d in vper]
            if len(ds) < len(repo_distros): ve['distros'] = ds
            vl = merge_list(vper)
            ve['positionals'] = merge_positionals(vper)
            ve['options'] = [o for o in vl if 'flags' in o]
            verbs[v] = ve
        if verbs: entry['verbs'] = verbs
        commands[c] = entry

extension_sources = []
for repo, pattern, commits in LAUNCH_EXTENSIONS:
    extract = json.load(open(os.path.join(X, pattern + '.json')))
    for ext_name, ext in extract.get('__ros2launch.option__', {}).items():
        for a in ext['args'] or []:
            if 'names' not in a: continue
            o = convert_arg(a, repo, DISTROS[-1])
            o['extension'] = repo.split('/')[1]
            commands['launch'].setdefault('extensionOptions', []).append(o)
    extension_sources.append({'repo': repo, 'commits': commits})

def strip(o):
    if isinstance(o, dict): return {k: strip(v) for k, v in o.items() if k != '_src'}
    if isinstance(o, list): return [strip(x) for x in o]
    return o

out = {
  'schemaVersion': 1,
  'about': 'The ros2 command line as data, for checking commands in assistant answers (never for running them). Derived from the add_arguments() of every command and verb in the sources below (humble, jazzy and rolling/master branches, united); "distros" lists where an option, verb or positional exists when not in all three, "nargsByDistro" where a positional takes another number of values (null: exactly one), "choiceDistros" where a choice value exists when not everywhere the option does. QoS choices are rclpy short_keys() of each branch. ros2/sros2 has no jazzy branch, so its verbs are read from humble and rolling only. Options whose values depend on installed plugins (bag storage, serialization, compression) accept any value. "extensionOptions" are options an installed extension adds (ros2launch.option entry points), flagged as such rather than as invented. Refreshed 2026-12-01: the commits below are the newest of each branch the source mirror offered that day; it had no kilted branch of ros2cli, rosbag2, launch_ros, rclpy or sros2, so kilted is not a distribution of this grammar yet.',
  'sources': [{'repo': r, 'commits': c} for r, _, c in REPOS] + [{'repo': 'ros2/rclpy', 'commits': RCLPY, 'files': ['rclpy/rclpy/qos.py']}] + extension_sources,
  'globalOptions': [{'flags': ['--use-python-default-buffering'], 'value': 'none'}],
  'commands': strip(commands),
  'rosArgs': {
    'about': 'Arguments rcl reads between --ros-args and -- (or the end): ros2 run passes them to the node, ros2 launch has none of its own. Anything else there is an error of rcl.',
    'source': 'ros2/rcl:rcl/include/rcl/arguments.h, rcl/src/rcl/arguments.c',
    'commits': {'humble': '6d0fd90e8f2704aa2576b3b84dd9a08dd8409da1', 'rolling': 'c19dab55e6a6c53922b49a1c35eea25252cfd783'},
    'start': '--ros-args',
    'end': '--',
    'options': [
      {'flags': ['-p', '--param'], 'value': 'assignment'},
      {'flags': ['-r', '--remap'], 'value': 'assignment'},
      {'flags': ['--params-file'], 'value': 'string'},
      {'flags': ['-e', '--enclave'], 'value': 'string'},
      {'flags': ['--log-level'], 'value': 'string'},
      {'flags': ['--log-config-file'], 'value': 'string'},
      {'flags': ['--log-file-name'], 'value': 'string', 'distros': ['rolling']},
      {'flags': ['--enable-stdout-logs', '--disable-stdout-logs'], 'value': 'none'},
      {'flags': ['--enable-rosout-logs', '--disable-rosout-logs'], 'value': 'none'},
      {'flags': ['--enable-external-lib-logs', '--disable-external-lib-logs'], 'value': 'none'},
    ],
  },
}
files = set()
def walk(o):
    if isinstance(o, dict):
        if '_src' in o: files.add(o['_src'])
        if 'source' in o and isinstance(o['source'], str): files.add(o['source'])
        for v in o.values(): walk(v)
    elif isinstance(o, list):
        for v in o: walk(v)
walk(commands)
by_repo = {}
for f in sorted(files):
    r, p = f.split(':', 1); by_repo.setdefault(r, []).append(p)
for s in out['sources']:
    if s['repo'] in by_repo: s['files'] = by_repo[s['repo']]
json.dump(out, open(sys.argv[2], 'w'), indent=1)
print(len(json.dumps(out)))
