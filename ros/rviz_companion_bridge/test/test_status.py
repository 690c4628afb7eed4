"""The status message has exactly the contract's keys, types and actions."""
import json
import unittest

import support  # noqa: F401 (import path)
from rviz_companion_bridge.status import ACTIONS, KEYS, make_status, status_json


class Status(unittest.TestCase):
    def test_exact_keys_and_types(self):
        s = json.loads(status_json(make_status('loaded', file='/home/u/.rviz2/companion/current.rviz', version=3,
                                               took_ms=1912.345, stamp=1764580000.1234)))
        self.assertEqual(list(s), ['stamp', 'ok', 'action', 'reason', 'file', 'version', 'took_ms', 'mode'])
        self.assertEqual(s, {'stamp': 1764580000.123, 'ok': True, 'action': 'loaded', 'reason': '',
                             'file': '/home/u/.rviz2/companion/current.rviz', 'version': 3, 'took_ms': 1912.3,
                             'mode': 'supervised'})
        self.assertEqual(tuple(s), KEYS)

    def test_ok_follows_the_action(self):
        self.assertEqual({a: make_status(a)['ok'] for a in ACTIONS},
                         {'loaded': True, 'written': True, 'refused': False, 'rviz_exited': False})

    def test_unknown_action_and_extra_keys_are_rejected(self):
        with self.assertRaises(ValueError):
            make_status('reloaded')
        with self.assertRaises(ValueError):
            status_json({**make_status('written'), 'extra': 1})

    def test_every_status_says_the_mode(self):
        self.assertEqual(make_status('refused', reason='not YAML', mode='write-only')['mode'], 'write-only')
        with self.assertRaises(ValueError):
            make_status('refused', mode='sometimes')

    def test_stamp_defaults_to_now(self):
        import time
        self.assertAlmostEqual(make_status('refused', reason='x')['stamp'], time.time(), delta=5)


if __name__ == '__main__':
    unittest.main()
