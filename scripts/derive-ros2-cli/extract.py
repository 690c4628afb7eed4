"""
Reads the ros2 command line out of ROS 2 sources: every `ros2cli.command` and `<pkg>.verb` entry point in the setup.py
files under a checkout, and the add_argument() calls of each class's add_arguments() (inherited ones and helper
functions followed, across the extra checkouts given, e.g. ros2cli for rosbag2). Prints JSON for merge.py.

    python3 extract.py CHECKOUT [EXTRA_CHECKOUT ...] > NAME.json
"""
import ast, json, os, re, sys, glob

def find_setups(root):
    return glob.glob(os.path.join(root, '*', 'setup.py'))

def parse_entry_points(setup_path):
    t = ast.parse(open(setup_path).read())
    groups = {}
    for c in ast.walk(t):
        if isinstance(c, ast.Call):
            for k in c.keywords:
                if k.arg == 'entry_points':
                    v = literal(k.value)
                    if isinstance(v, dict):
                        for g, items in v.items():
                            out = []
                            for it in items:
                                m = re.match(r"\s*([\w-]+)\s*=\s*([\w.]+):(\w+)\s*$", re.sub(r'\s+', ' ', it))
                                if m: out.append(m.groups())
                            groups[g] = out
    return groups

class Repo:
    def __init__(self, root, extra=()):
        self.root = root
        self.extra = list(extra)
        self.cache = {}
    def module_file(self, mod):
        parts = mod.split('.')
        for cand in [os.path.join(self.root, parts[0], *parts) + '.py', os.path.join(self.root, parts[0], *parts, '__init__.py')]:
            if os.path.exists(cand): return cand
        for r in self.extra:
            for cand in [os.path.join(r, parts[0], *parts) + '.py', os.path.join(r, parts[0], *parts, '__init__.py')]:
                if os.path.exists(cand): return cand
        return None
    def tree(self, path):
        if path not in self.cache:
            self.cache[path] = ast.parse(open(path).read())
        return self.cache[path]

def rel(repo, p):
    for r in [repo.root] + repo.extra:
        if p.startswith(r + '/'): return ('' if r == repo.root else 'ros2cli:') + os.path.relpath(p, r)
    return p

def literal(node):
    try: return ast.literal_eval(node)
    except Exception: return None

def imports_of(tree):
    out = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and n.module:
            for a in n.names: out[a.asname or a.name] = (n.module, a.name)
    return out

def src_of(node):
    try: return ast.unparse(node)
    except Exception: return '?'

def collect(repo, path, func, parser_names, out, depth=0, consts=None):
    tree = repo.tree(path)
    imps = imports_of(tree)
    mod_consts = consts or {}
    for n in tree.body:
        if isinstance(n, ast.Assign) and len(n.targets)==1 and isinstance(n.targets[0], ast.Name):
            v = literal(n.value)
            if v is not None: mod_consts.setdefault(n.targets[0].id, v)
    groups = set(parser_names)
    last = None
    for st in ast.walk(func):
        if isinstance(st, ast.Assign) and isinstance(st.value, ast.Call) and isinstance(st.value.func, ast.Attribute) \
            and st.value.func.attr in ('add_mutually_exclusive_group', 'add_argument_group'):
            for t in st.targets:
                if isinstance(t, ast.Name): groups.add(t.id)
    calls = [c for c in ast.walk(func) if isinstance(c, ast.Call)]
    calls.sort(key=lambda c: (c.lineno, c.col_offset))
    for c in calls:
        f = c.func
        if isinstance(f, ast.Attribute) and f.attr == 'add_argument' and isinstance(f.value, ast.Name) and f.value.id in groups:
            names = [literal(a) for a in c.args]
            kw = {k.arg: k.value for k in c.keywords if k.arg}
            d = {'names': names, 'line': c.lineno, 'file': rel(repo, path)}
            for k in ('action', 'nargs', 'type', 'metavar', 'dest', 'default'):
                if k in kw:
                    v = literal(kw[k])
                    d[k] = v if v is not None else src_of(kw[k])
            if 'choices' in kw:
                v = literal(kw['choices'])
                if v is None and isinstance(kw['choices'], ast.Name) and kw['choices'].id in mod_consts: v = mod_consts[kw['choices'].id]
                d['choices'] = list(v) if isinstance(v, (list, tuple, set)) else ('EXPR:' + src_of(kw['choices']))
            out.append(d)
        elif isinstance(f, ast.Name) and c.args and isinstance(c.args[0], ast.Name) and c.args[0].id in groups and depth < 4:
            # helper call: resolve
            name = f.id
            target = None
            if name in imps:
                mod, fname = imps[name]
                p = repo.module_file(mod)
                if p: target = (p, fname)
            else:
                target = (path, name)
            if target:
                t = repo.tree(target[0])
                fn = next((d for d in ast.walk(t) if isinstance(d, ast.FunctionDef) and d.name == target[1]), None)
                if fn:
                    pname = fn.args.args[0].arg
                    out.append({'helper': name, 'from': rel(repo, target[0])})
                    collect(repo, target[0], fn, [pname], out, depth+1)
                else:
                    out.append({'unresolved_helper': name})
            else:
                out.append({'unresolved_helper': name})

def find_add_arguments(repo, p, cls, depth=0):
    t = repo.tree(p)
    c = next((d for d in ast.walk(t) if isinstance(d, ast.ClassDef) and d.name == cls), None)
    if not c or depth > 4: return None, None
    fn = next((d for d in c.body if isinstance(d, ast.FunctionDef) and d.name == 'add_arguments'), None)
    if fn: return p, fn
    imps = imports_of(t)
    for b in c.bases:
        if not isinstance(b, ast.Name) or b.id in ('VerbExtension', 'CommandExtension'): continue
        if b.id in imps:
            bp = repo.module_file(imps[b.id][0])
            if bp:
                r = find_add_arguments(repo, bp, imps[b.id][1], depth + 1)
                if r[1]: return r
        else:
            r = find_add_arguments(repo, p, b.id, depth + 1)
            if r[1]: return r
    return p, None

def class_args(repo, mod, cls):
    p = repo.module_file(mod)
    if not p: return None, None
    fp, fn = find_add_arguments(repo, p, cls)
    out = []
    if fn:
        collect(repo, fp, fn, [fn.args.args[1].arg], out)
    # completers
    return rel(repo, p), out

def verb_group(repo, mod, cls):
    p = repo.module_file(mod)
    t = repo.tree(p)
    for c in ast.walk(t):
        if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == 'add_subparsers_on_demand':
            if len(c.args) >= 4: return literal(c.args[3])
    return None

def run(root):
    repo = Repo(root, sys.argv[2:])
    result = {}
    eps = {}
    for s in find_setups(root):
        for g, items in parse_entry_points(s).items():
            eps.setdefault(g, []).extend(items)
    for name, mod, cls in eps.get('ros2cli.command', []):
        f, args = class_args(repo, mod, cls)
        verbs = {}
        group = verb_group(repo, mod, cls)
        for g, items in eps.items():
            if g == group:
                for vname, vmod, vcls in items:
                    vf, vargs = class_args(repo, vmod, vcls)
                    verbs[vname] = {'file': vf, 'args': vargs}
        result[name] = {'file': f, 'args': args, 'verbs': verbs}
    # `ros2 launch` takes options from installed extensions (entry points of group ros2launch.option).
    launch_options = {}
    for name, mod, cls in eps.get('ros2launch.option', []):
        f, args = class_args(repo, mod, cls)
        launch_options[name] = {'file': f, 'args': args}
    if launch_options: result['__ros2launch.option__'] = launch_options
    return result

print(json.dumps(run(sys.argv[1]), indent=1))
