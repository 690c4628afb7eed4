"""Not a test: measures the bridge on a real 1,000-topic graph (needs rclpy; run with .venv-ros/bin/python).

Another process creates 50 nodes in 10 namespaces publishing 1,000 topics (mixed reliability and durability) and
one `rviz` node subscribing to every other topic. The bridge, in this process, polls the graph; the script prints
the report's size and the median time of a graph poll (5 runs).

  PYTHONPATH=ros/rviz_companion_bridge .venv-ros/bin/python ros/rviz_companion_bridge/test/measure_graph.py
"""
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

os.environ['ROS_AUTOMATIC_DISCOVERY_RANGE'] = 'LOCALHOST'
os.environ.setdefault('ROS_DOMAIN_ID', str(random.randint(30, 199)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import rclpy  # noqa: E402
from rclpy.parameter import Parameter  # noqa: E402

from rviz_companion_bridge.node import CompanionBridge  # noqa: E402
from rviz_companion_bridge.qos_report import build_report  # noqa: E402

TOPICS = 1000
GRAPH = f'''
import time, rclpy
from rclpy.qos import QoSProfile, ReliabilityPolicy, DurabilityPolicy
from std_msgs.msg import String
rclpy.init()
nodes = [rclpy.create_node(f"driver_{{k}}", namespace=f"/robot{{k % 10}}") for k in range(50)]
keep = []
for i in range({TOPICS}):
    qos = QoSProfile(depth=5,
                     reliability=ReliabilityPolicy.BEST_EFFORT if i % 3 == 0 else ReliabilityPolicy.RELIABLE,
                     durability=DurabilityPolicy.TRANSIENT_LOCAL if i % 7 == 0 else DurabilityPolicy.VOLATILE)
    keep.append(nodes[i % 50].create_publisher(String, f"/robot{{i % 10}}/sensor_{{i}}/points", qos))
viewer = rclpy.create_node("rviz")
for i in range(0, {TOPICS}, 2):
    keep.append(viewer.create_subscription(String, f"/robot{{i % 10}}/sensor_{{i}}/points", lambda m: None, 5))
print("ready", flush=True)
time.sleep(600)
'''


def main():
    graph = subprocess.Popen([sys.executable, '-c', GRAPH], stdout=subprocess.PIPE, text=True)
    try:
        graph.stdout.readline()
        rclpy.init()
        with tempfile.TemporaryDirectory() as tmp:
            bridge = CompanionBridge(parameter_overrides=[Parameter('config_dir', value=tmp)])
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                sensors = [r for r in bridge.graph_records() if '/sensor_' in r.name]
                named = [r for r in sensors if r.publishers and all(e.node_name != '_NODE_NAME_UNKNOWN_'
                                                                     for e in r.publishers)]
                if len(named) == TOPICS and sum(len(r.subscribers) for r in sensors) == TOPICS // 2:
                    break
                time.sleep(1)
            runs = []
            for _ in range(5):
                t0 = time.perf_counter()
                records = bridge.graph_records()
                runs.append(time.perf_counter() - t0)
            sensors = [r for r in records if '/sensor_' in r.name]
            print(f'{len(sensors)} topics discovered; report for them: '
                  f'{len(build_report(sensors, time.time()).encode())} bytes; whole report ({len(records)} topics): '
                  f'{len(build_report(records, time.time()).encode())} bytes')
            print(f'graph poll: median {statistics.median(runs) * 1000:.0f} ms over {len(runs)} runs '
                  f'({", ".join(f"{r * 1000:.0f}" for r in runs)})')
            bridge.destroy_node()
        rclpy.shutdown()
    finally:
        graph.kill()
        graph.wait()


if __name__ == '__main__':
    main()
