"""rosbridge_websocket (+ rosapi), the rviz_companion_bridge node and, with rviz:=true, RViz2 supervised by the node.

  ros2 launch rviz_companion_bridge companion.launch.py [rviz:=true] [config:=FILE.rviz] [reload:=restart|none]
      [read_only:=true] [config_dir:=DIR] [rviz_args:="-f map"] [address:=127.0.0.1] [port:=9090] [rosbridge:=false]

RViz2 is started by the bridge node, not by this file: the node must stop and restart it for every config.
"""
from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, IncludeLaunchDescription
from launch.conditions import IfCondition
from launch.launch_description_sources import AnyLaunchDescriptionSource
from launch.substitutions import LaunchConfiguration, PathJoinSubstitution
from launch_ros.actions import Node
from launch_ros.parameter_descriptions import ParameterValue
from launch_ros.substitutions import FindPackageShare

# (name, default, description, type given to the node parameter)
BRIDGE_ARGUMENTS = [
    ('rviz', 'false', 'start RViz2 under the bridge (restarted with each config)', bool),
    ('config', '', 'the .rviz file RViz2 starts with (copied into config_dir as the first version)', str),
    ('reload', '', 'restart | none (default: restart when rviz:=true, else none)', str),
    ('read_only', 'false', 'refuse every config from the companion', bool),
    ('config_dir', '~/.rviz2/companion', 'the only folder the bridge writes', str),
    ('rviz_executable', 'rviz2', 'the RViz2 program', str),
    ('rviz_args', '', 'extra RViz2 arguments, kept across restarts (not -d)', str),
    ('qos_period', '2.0', 'seconds between graph polls for /rviz_companion/qos', float),
    ('qos_heartbeat', '30.0', 'the QoS report is republished at least this often (<= 30 s)', float),
    ('debounce', '1.0', 'configs within this many seconds are one reload of the last', float),
    ('rviz_stop_timeout', '5.0', 'seconds from SIGTERM to SIGKILL when RViz2 is restarted', float),
    ('rviz_settle', '1.0', 'seconds a restarted RViz2 must stay up to count as loaded', float),
]


def generate_launch_description():
    args = [DeclareLaunchArgument(name, default_value=default, description=desc)
            for name, default, desc, _ in BRIDGE_ARGUMENTS]
    args += [
        DeclareLaunchArgument('rosbridge', default_value='true',
                              description='also start rosbridge_websocket + rosapi'),
        DeclareLaunchArgument('port', default_value='9090', description='rosbridge port'),
        DeclareLaunchArgument('address', default_value='',
                              description='rosbridge bind address ("" = every interface, 127.0.0.1 = this machine)'),
    ]
    rosbridge = IncludeLaunchDescription(
        AnyLaunchDescriptionSource(PathJoinSubstitution(
            [FindPackageShare('rosbridge_server'), 'launch', 'rosbridge_websocket_launch.xml'])),
        launch_arguments={'port': LaunchConfiguration('port'), 'address': LaunchConfiguration('address')}.items(),
        condition=IfCondition(LaunchConfiguration('rosbridge')),
    )
    bridge = Node(
        package='rviz_companion_bridge', executable='rviz_companion_bridge', name='rviz_companion_bridge',
        output='screen',
        # Every launch argument goes through as a node parameter of the declared type (ParameterValue keeps "" a
        # string and "true" a bool instead of letting YAML guess).
        parameters=[{name: ParameterValue(LaunchConfiguration(name), value_type=kind)
                     for name, _, _, kind in BRIDGE_ARGUMENTS}],
    )
    return LaunchDescription(args + [rosbridge, bridge])
