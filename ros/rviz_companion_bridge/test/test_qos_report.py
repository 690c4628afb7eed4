"""The /rviz_companion/qos report built from endpoint records, without ROS."""
import glob
import json
import os
import unittest

import support  # noqa: F401 (import path)
from rviz_companion_bridge.qos_report import (EndpointRecord, QosReporter, TopicRecord, build_report,
                                              endpoint_entry, node_fqn, policy_strings, poll_interval)


def rec(name='talker', ns='/', rel='RELIABLE', dur='VOLATILE', hist='KEEP_LAST', depth=10):
    return EndpointRecord(name, ns, 'std_msgs/msg/String', rel, dur, hist, depth)


def load_records(path):
    with open(path) as f:
        raw = json.load(f)
    topics = [TopicRecord(t['name'], tuple(t['types']),
                          tuple(EndpointRecord.from_dict(e) for e in t['publishers']),
                          tuple(EndpointRecord.from_dict(e) for e in t['subscribers'])) for t in raw['topics']]
    return topics, raw['stamp']


def synthetic_graph(n):
    """n topics shaped like a big robot's: one namespaced publisher each, a subscriber on every other one,
    policies as Fast DDS reports remote endpoints (history unknown, depth 0) and some latched."""
    topics = []
    for i in range(n):
        ns = f'/robot{i % 10}'
        pub = EndpointRecord(f'driver_{i % 50}', ns, 'sensor_msgs/msg/PointCloud2', 2 if i % 3 == 0 else 1,
                             1 if i % 7 == 0 else 2, 3, 0)
        subs = (EndpointRecord('rviz', '/', 'sensor_msgs/msg/PointCloud2', 1, 2, 1, 5),) if i % 2 == 0 else ()
        topics.append(TopicRecord(f'{ns}/sensor_{i}/points', ('sensor_msgs/msg/PointCloud2',), (pub,), subs))
    return topics


class PolicyMapping(unittest.TestCase):
    def test_rmw_numbers_map_to_the_contract_strings(self):
        self.assertEqual(policy_strings(1, 1, 1), ('reliable', 'transient_local', 'keep_last'))
        self.assertEqual(policy_strings(2, 2, 2), ('best_effort', 'volatile', 'keep_all'))
        self.assertEqual(policy_strings(0, 0, 0), ('system_default', 'system_default', 'system_default'))
        self.assertEqual(policy_strings(3, 3, 3), ('unknown', 'unknown', 'unknown'))

    def test_names_as_rclpy_prints_them(self):
        self.assertEqual(policy_strings('BEST_EFFORT', 'TRANSIENT_LOCAL', 'KEEP_LAST'),
                         ('best_effort', 'transient_local', 'keep_last'))

    def test_best_available_and_garbage_are_unknown_not_invented(self):
        self.assertEqual(policy_strings(4, 4, 4), ('unknown', 'unknown', 'unknown'))
        self.assertEqual(policy_strings('BEST_AVAILABLE', None, 'sometimes'), ('unknown', 'unknown', 'unknown'))
        self.assertEqual(policy_strings(True, 99, -1), ('unknown', 'unknown', 'unknown'))

    def test_depth_only_with_keep_last_and_never_zero(self):
        self.assertEqual(endpoint_entry(rec(hist='KEEP_LAST', depth=5))['depth'], 5)
        self.assertIsNone(endpoint_entry(rec(hist='UNKNOWN', depth=0))['depth'])  # Fast DDS remote endpoint
        self.assertIsNone(endpoint_entry(rec(hist='KEEP_LAST', depth=0))['depth'])
        self.assertIsNone(endpoint_entry(rec(hist='KEEP_ALL', depth=0))['depth'])
        self.assertIsNone(endpoint_entry(rec(hist='UNKNOWN', depth=7))['depth'])

    def test_node_names_carry_their_namespace(self):
        self.assertEqual(node_fqn('lidar', '/'), '/lidar')
        self.assertEqual(node_fqn('lidar', '/robot1'), '/robot1/lidar')
        self.assertEqual(node_fqn('lidar', '/robot1/'), '/robot1/lidar')
        self.assertEqual(node_fqn('lidar', 'robot1'), '/robot1/lidar')
        self.assertEqual(node_fqn('_NODE_NAME_UNKNOWN_', '_NODE_NAMESPACE_UNKNOWN_'), 'unknown')
        self.assertEqual(endpoint_entry(rec('amcl', '/robot2'))['node'], '/robot2/amcl')


class Report(unittest.TestCase):
    def test_shape_is_the_design_format(self):
        text = build_report([TopicRecord('/scan', ('sensor_msgs/msg/LaserScan',),
                                         (rec('lidar', rel='BEST_EFFORT', hist='KEEP_LAST', depth=5),), ())], 1700000000.5)
        self.assertEqual(json.loads(text), {'stamp': 1700000000.5, 'topics': {'/scan': {
            'type': 'sensor_msgs/msg/LaserScan',
            'publishers': [{'node': '/lidar', 'reliability': 'best_effort', 'durability': 'volatile',
                            'history': 'keep_last', 'depth': 5}],
            'subscribers': []}}})
        self.assertNotIn(' ', text)  # compact separators

    def test_order_does_not_change_the_text(self):
        a = TopicRecord('/a', ('t',), (rec('x'), rec('y', rel='BEST_EFFORT')), ())
        b = TopicRecord('/b', ('t',), (rec('z'),), ())
        b2 = TopicRecord('/b', ('t',), (rec('z'),), ())
        a2 = TopicRecord('/a', ('t',), (rec('y', rel='BEST_EFFORT'), rec('x')), ())
        self.assertEqual(build_report([a, b], 1), build_report([b2, a2], 1))

    def test_several_types_are_all_reported(self):
        text = build_report([TopicRecord('/x', ('b/msg/B', 'a/msg/A'), (), ())], 1)
        self.assertEqual(json.loads(text)['topics']['/x']['type'], 'a/msg/A,b/msg/B')


class ChangeDetection(unittest.TestCase):
    def test_publishes_on_change_and_heartbeat_only(self):
        reporter = QosReporter(heartbeat_s=30)
        graph = [TopicRecord('/scan', ('sensor_msgs/msg/LaserScan',), (rec('lidar', rel='BEST_EFFORT'),), ())]
        first = reporter.poll(graph, now=100.0, stamp=1000.0)
        self.assertIsNotNone(first)
        self.assertEqual(json.loads(first)['stamp'], 1000.0)
        self.assertIsNone(reporter.poll(graph, now=102.0))
        self.assertIsNone(reporter.poll(list(graph), now=129.9))

        changed_qos = [TopicRecord('/scan', ('sensor_msgs/msg/LaserScan',), (rec('lidar', rel='RELIABLE'),), ())]
        report = reporter.poll(changed_qos, now=131.0, stamp=1031.0)
        self.assertEqual(json.loads(report)['topics']['/scan']['publishers'][0]['reliability'], 'reliable')

        new_topic = changed_qos + [TopicRecord('/map', ('nav_msgs/msg/OccupancyGrid',), (), ())]
        self.assertIn('/map', json.loads(reporter.poll(new_topic, now=132.0))['topics'])
        new_subscriber = [changed_qos[0], TopicRecord('/map', ('nav_msgs/msg/OccupancyGrid',), (), (rec('rviz'),))]
        self.assertIsNotNone(reporter.poll(new_subscriber, now=133.0))
        self.assertIsNotNone(reporter.poll(new_subscriber[:1], now=134.0))  # a topic went away

        self.assertIsNone(reporter.poll(new_subscriber[:1], now=163.9))
        beat = reporter.poll(new_subscriber[:1], now=164.0, stamp=1064.0)
        self.assertEqual(json.loads(beat)['stamp'], 1064.0)  # same topics, new stamp

    def test_heartbeat_is_at_most_30_s(self):
        with self.assertRaises(ValueError):
            QosReporter(heartbeat_s=31)
        with self.assertRaises(ValueError):
            QosReporter(heartbeat_s=0)


class PollInterval(unittest.TestCase):
    def test_the_period_unless_polling_would_take_more_than_a_fifth_of_a_core(self):
        self.assertEqual(poll_interval(2.0, 0.05), 2.0)
        self.assertAlmostEqual(poll_interval(2.0, 0.5), 2.5)
        self.assertEqual(poll_interval(2.0, 10.0), 25.0)  # capped: the 30 s heartbeat still holds
        self.assertEqual(poll_interval(40.0, 0.1), 25.0)  # a period past the heartbeat is shortened too


class SharedFixture(unittest.TestCase):
    """test/fixtures/bridge-qos: endpoints-X.json is built into report-X.json here, and report-X.json is parsed by
    the TypeScript parser (test/unit/graph/bridge-qos-fixture.test.ts), so the two sides cannot drift."""

    def test_builder_still_produces_every_committed_report(self):
        inputs = sorted(glob.glob(os.path.join(support.FIXTURE_DIR, 'endpoints-*.json')))
        if not inputs:
            self.skipTest(f'no fixtures at {support.FIXTURE_DIR} (package outside its repository)')
        for path in inputs:
            report_path = path.replace('endpoints-', 'report-')
            topics, stamp = load_records(path)
            built = build_report(topics, stamp)
            if os.environ.get('UPDATE_FIXTURES') == '1':
                with open(report_path, 'w') as f:
                    f.write(built + '\n')
            with self.subTest(fixture=os.path.basename(report_path)):
                with open(report_path) as f:
                    self.assertEqual(f.read().rstrip('\n'), built)

    def test_fixture_covers_unknown_history_and_null_depth(self):
        path = os.path.join(support.FIXTURE_DIR, 'report-nav-robot.json')
        if not os.path.exists(path):
            self.skipTest(f'{path} not present (package outside its repository)')
        with open(path) as f:
            report = json.load(f)
        lidar = report['topics']['/scan']['publishers'][0]
        self.assertEqual((lidar['history'], lidar['depth']), ('unknown', None))
        self.assertEqual(report['topics']['/camera/image_raw']['publishers'][0]['node'], 'unknown')


class Size(unittest.TestCase):
    def test_report_for_1000_topics_stays_compact(self):
        text = build_report(synthetic_graph(1000), 1764580000.25)
        size = len(text.encode('utf-8'))
        print(f'\nqos report for 1000 topics (1 publisher each, a subscriber on every other): {size} bytes')
        # About 150 bytes per endpoint; rosbridge fragments messages above 10,000,000 bytes.
        self.assertLess(size, 300_000)
        self.assertEqual(len(json.loads(text)['topics']), 1000)


if __name__ == '__main__':
    unittest.main()
