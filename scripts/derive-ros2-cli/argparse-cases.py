"""
Differential fixture: Python's own argparse, built from ros2-cli.json, judges generated command lines (valid and
broken options, abbreviations, clusters, values, positionals around options, `--`). The TypeScript parser must agree
(test/unit/assistant/commands/argparse-differential.test.ts).

    python3 argparse-cases.py SEED CASES_PER_PARSER > ../../../../../test/unit/assistant/commands/argparse-cases.json
"""
import argparse, json, os, random, sys
G = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'ros2-cli.json')))
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)

class Err(Exception): pass
class P(argparse.ArgumentParser):
    def error(self, message): raise Err(message)

def nargs_of(n):
    if n is None: return None
    if n == 'remainder': return argparse.REMAINDER
    return n

def build(spec):
    p = P(prog='x', add_help=True)
    for o in spec['options']:
        kw = {}
        if o['value'] == 'none': kw['action'] = 'store_true'
        elif o['value'] == 'ros-args': kw['nargs'] = argparse.REMAINDER
        else:
            if o['value'] == 'choice': kw['choices'] = o['choices']
            elif o['value'] == 'int': kw['type'] = int
            elif o['value'] == 'float': kw['type'] = float
            if 'nargs' in o: kw['nargs'] = nargs_of(o['nargs'])
            if o.get('repeatable'): kw['action'] = 'append'
        try: p.add_argument(*o['flags'], **kw)
        except argparse.ArgumentError: pass  # duplicate across distros
    for a in spec['positionals']:
        kw = {}
        if 'nargs' in a: kw['nargs'] = nargs_of(a['nargs'])
        if 'choices' in a: kw['choices'] = a['choices']
        p.add_argument(a['name'], **kw)
    return p

def parsers():
    for c, cs in G['commands'].items():
        if 'verbs' in cs:
            for v, vs in cs['verbs'].items(): yield f'{c} {v}', vs
        else: yield c, cs

def sample_words(spec):
    words = []
    opts = spec['options']
    for _ in range(random.randint(0, 3)):
        r = random.random()
        if r < 0.6 and opts:
            o = random.choice(opts); f = random.choice(o['flags'])
            if random.random() < 0.15 and f.startswith('--') and len(f) > 4: f = f[:random.randint(3, len(f) - 1)]  # abbreviation
            if random.random() < 0.1: f = f + 'x'  # mistyped
            words.append(f)
            if o['value'] not in ('none', 'ros-args'):
                n = o.get('nargs', 1)
                k = {'?': random.randint(0, 1), '*': random.randint(0, 2), '+': random.randint(0, 2), 'remainder': 1}.get(n, n if isinstance(n, int) else 1)
                for _ in range(k):
                    if o['value'] == 'choice': words.append(random.choice(o['choices'] + ['bogus']))
                    elif o['value'] == 'int': words.append(random.choice(['3', '-2', 'x', '1.5']))
                    elif o['value'] == 'float': words.append(random.choice(['3', '0.5', '-1', 'abc', '1e3']))
                    else: words.append(random.choice(['val', 'a:=1', '/path']))
        elif r < 0.7: words.append(random.choice(['--bogus', '-z', '-vz', '--']))
        else: words.append(random.choice(['/scan', 'std_msgs/msg/String', 'pkg', 'x', '-5', '1']))
    # positionals, mostly the right count
    for a in spec['positionals']:
        n = a.get('nargs')
        k = {None: 1, '?': random.randint(0, 1), '*': random.randint(0, 2), '+': random.randint(1, 2), 'remainder': random.randint(0, 2)}.get(n, n if isinstance(n, int) else 1)
        for _ in range(k): words.insert(random.randint(0, len(words)), random.choice(a.get('choices', ['/scan', 'pkg', 'name', 'a:=1'])))
    if random.random() < 0.1: words.append('extra')
    return words

cases = []
for name, spec in parsers():
    p = build(spec)
    for _ in range(int(sys.argv[2]) if len(sys.argv) > 2 else 30):
        w = sample_words(spec)
        try:
            p.parse_args(w); ok = True; msg = ''
        except Err as e:
            msg = str(e); ok = False
        except SystemExit:
            ok = True; msg = 'help'
        # Python stops at a missing required positional before it looks at the rest: no verdict on the rest.
        if 'the following arguments are required' in msg: continue
        cases.append([name, w, ok])
out = {'about': 'Verdicts of Python ' + sys.version.split()[0] + ' argparse on generated ros2 command lines (argparse-cases.py, seed ' + sys.argv[1] + ').', 'cases': cases}
sys.stdout.write(json.dumps(out, separators=(',', ':')).replace('],[', '],\n['))
