"""The launch file passes every node parameter through, with the node's defaults, and the package has its colcon
layout. Read with ast: launch/launch_ros are not needed (they are tested by `ros2 launch` where ROS is installed)."""
import ast
import os
import unittest
import xml.etree.ElementTree as ET

import support
from rviz_companion_bridge.parameters import PARAMETERS, as_bool

LAUNCH = os.path.join(support.PACKAGE_ROOT, 'launch', 'companion.launch.py')


def launch_arguments():
    tree = ast.parse(open(LAUNCH).read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], 'id', '') == 'BRIDGE_ARGUMENTS':
            return {elt.elts[0].value: (elt.elts[1].value, elt.elts[3].id) for elt in node.value.elts}
    raise AssertionError('BRIDGE_ARGUMENTS not found in the launch file')


class LaunchFile(unittest.TestCase):
    def test_every_parameter_is_a_launch_argument_with_the_same_default_and_type(self):
        args = launch_arguments()
        self.assertEqual(sorted(args), sorted(PARAMETERS))
        for name, (default_text, kind) in args.items():
            default = PARAMETERS[name][0]
            with self.subTest(name=name):
                self.assertEqual(kind, type(default).__name__)
                parsed = {'bool': as_bool, 'float': float, 'str': str}[kind](default_text)
                self.assertEqual(parsed, default)

    def test_it_compiles_and_includes_rosbridge(self):
        text = open(LAUNCH).read()
        compile(text, LAUNCH, 'exec')
        self.assertIn("'rosbridge_websocket_launch.xml'", text)
        self.assertIn("executable='rviz_companion_bridge'", text)


class Parameters(unittest.TestCase):
    def test_booleans_from_launch_strings(self):
        self.assertTrue(as_bool('true') and as_bool('True') and as_bool(True) and as_bool('1'))
        self.assertFalse(as_bool('false') or as_bool('') or as_bool(False))
        with self.assertRaises(ValueError):
            as_bool('maybe')


class ColconLayout(unittest.TestCase):
    def test_package_xml_format_3_and_run_dependencies(self):
        root = ET.parse(os.path.join(support.PACKAGE_ROOT, 'package.xml')).getroot()
        self.assertEqual(root.get('format'), '3')
        self.assertEqual(root.findtext('name'), 'rviz_companion_bridge')
        deps = {e.text for e in root.findall('exec_depend')}
        self.assertTrue({'rclpy', 'std_msgs', 'rosbridge_server', 'python3-yaml'} <= deps, deps)
        self.assertEqual(root.find('export').findtext('build_type'), 'ament_python')

    def test_marker_entry_point_and_modules(self):
        self.assertTrue(os.path.isfile(os.path.join(support.PACKAGE_ROOT, 'resource', 'rviz_companion_bridge')))
        setup = open(os.path.join(support.PACKAGE_ROOT, 'setup.py')).read()
        self.assertIn("'rviz_companion_bridge = rviz_companion_bridge.node:main'", setup)
        pkg = os.path.join(support.PACKAGE_ROOT, 'rviz_companion_bridge')
        for module in ('qos_report', 'config_loader', 'rviz_supervisor', 'status', 'parameters', 'node'):
            self.assertTrue(os.path.isfile(os.path.join(pkg, module + '.py')), module)

    def test_only_the_adapter_imports_ros(self):
        pkg = os.path.join(support.PACKAGE_ROOT, 'rviz_companion_bridge')
        for name in os.listdir(pkg):
            if not name.endswith('.py') or name == 'node.py':
                continue
            tree = ast.parse(open(os.path.join(pkg, name)).read())
            imported = {a.name.split('.')[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
            imported |= {n.module.split('.')[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
            with self.subTest(module=name):
                self.assertFalse(imported & {'rclpy', 'std_msgs', 'rcl_interfaces', 'launch', 'launch_ros'}, imported)


if __name__ == '__main__':
    unittest.main()
