"""The node's parameters: names, defaults, meaning (the launch file passes each launch argument through as one)."""
from .config_loader import DEFAULT_CONFIG_DIR

# name -> (default, description). Declared with dynamic typing: launch arguments arrive as strings or YAML values.
PARAMETERS = {
    'qos_period': (2.0, 'seconds between graph polls'),
    'qos_heartbeat': (30.0, 'the QoS report is republished at least this often (at most 30 s)'),
    'config_dir': (DEFAULT_CONFIG_DIR, 'the only folder the bridge writes: current.rviz and the last 20 versions'),
    'read_only': (False, 'refuse every config from the topic'),
    'rviz': (False, 'start and supervise RViz2'),
    'reload': ('', 'restart | none; default restart when rviz is true'),
    'rviz_executable': ('rviz2', 'the RViz2 program'),
    'rviz_args': ('', 'extra RViz2 arguments (shell words), kept across restarts'),
    'config': ('', 'an .rviz file to start with'),
    'rviz_stop_timeout': (5.0, 'seconds from SIGTERM to SIGKILL'),
    'rviz_settle': (1.0, 'seconds a restarted RViz must stay up to count as loaded'),
    'debounce': (1.0, 'configs within this many seconds are one reload of the last'),
}


def as_bool(value: object) -> bool:
    if isinstance(value, str):
        if value.strip().lower() in ('true', '1', 'yes', 'on'):
            return True
        if value.strip().lower() in ('false', '0', 'no', 'off', ''):
            return False
        raise ValueError(f'not a boolean: {value!r}')
    return bool(value)
