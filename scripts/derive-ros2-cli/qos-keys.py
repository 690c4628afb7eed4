"""
Reads rclpy's QoS short keys (the `choices` of every --qos-* option of ros2cli) out of one rclpy checkout: the member
names of QoSPresetProfiles and of the policy enums in rclpy/rclpy/qos.py, lowercased, without the RMW_* aliases, as
`short_keys()` returns them. Prints JSON for merge.py.

    python3 qos-keys.py RCLPY_CHECKOUT > rclpy-qos-DISTRO.json
"""
import ast, json, os, sys

CLASSES = {
    'QoSPresetProfiles': 'rclpy.qos.QoSPresetProfiles.short_keys()',
    'ReliabilityPolicy': 'rclpy.qos.QoSReliabilityPolicy.short_keys()',
    'DurabilityPolicy': 'rclpy.qos.QoSDurabilityPolicy.short_keys()',
    'HistoryPolicy': 'rclpy.qos.QoSHistoryPolicy.short_keys()',
    'LivelinessPolicy': 'rclpy.qos.QoSLivelinessPolicy.short_keys()',
}

def members(cls):
    names = []
    for node in cls.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id.isupper() and not target.id.startswith('RMW'):
                    names.append(target.id.lower())
    return names

tree = ast.parse(open(os.path.join(sys.argv[1], 'rclpy', 'rclpy', 'qos.py')).read())
out = {}
for node in ast.walk(tree):
    if isinstance(node, ast.ClassDef) and node.name in CLASSES:
        out[CLASSES[node.name]] = members(node)
missing = [c for c in CLASSES.values() if c not in out]
if missing: sys.exit(f'qos-keys: not found in this checkout: {missing}')
print(json.dumps(out, indent=1))
