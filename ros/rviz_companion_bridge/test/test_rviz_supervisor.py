"""The supervisor against a fake rviz2 that records its arguments and can hang or crash."""
import os
import tempfile
import threading
import time
import unittest

import support
from rviz_companion_bridge.rviz_supervisor import RvizSupervisor


class Supervisor(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.fake = support.FakeRviz(self.tmp.name)
        self.config = os.path.join(self.tmp.name, 'current.rviz')
        with open(self.config, 'w') as f:
            f.write(support.MINIMAL_RVIZ)
        self.exits = []
        self.exited = threading.Event()
        self.sup = None

    def tearDown(self):
        if self.sup is not None:
            self.fake.set_mode('run')
            self.sup.stop()
        self.tmp.cleanup()

    def supervisor(self, **kw):
        def on_exit(code, ran):
            self.exits.append((code, ran))
            self.exited.set()
        kw.setdefault('settle_s', 0.4)
        kw.setdefault('stop_timeout_s', 5.0)
        self.sup = RvizSupervisor(self.config, self.fake.path, ['-f', 'map', '--fullscreen'], on_exit=on_exit, **kw)
        return self.sup

    def test_starts_rviz2_with_the_config_and_the_same_arguments_every_time(self):
        sup = self.supervisor()
        first = sup.restart()
        self.assertTrue(first.ok, first.reason)
        pid1 = sup.pid
        self.assertTrue(self.fake.wait_ready(pid1))
        with open(self.config, 'w') as f:
            f.write(support.MINIMAL_RVIZ + '# second\n')
        second = sup.restart()
        self.assertTrue(second.ok, second.reason)
        starts = self.fake.events('start')
        self.assertEqual([s['argv'] for s in starts], [['-d', self.config, '-f', 'map', '--fullscreen']] * 2)
        self.assertTrue(starts[1]['config'].endswith('# second\n'))
        self.assertEqual([t['pid'] for t in self.fake.events('term')], [pid1])  # the old one got SIGTERM
        self.assertFalse(support.pid_alive(pid1))
        self.assertTrue(sup.running)
        self.assertEqual(self.exits, [], 'a restart is not an exit on its own')

    def test_a_hanging_rviz_is_killed_after_the_stop_timeout(self):
        sup = self.supervisor(stop_timeout_s=0.5)
        self.fake.set_mode('hang')
        self.assertTrue(sup.restart().ok)
        hung = sup.pid
        self.assertTrue(self.fake.wait_ready(hung))
        self.fake.set_mode('run')
        t0 = time.monotonic()
        result = sup.restart()
        took = time.monotonic() - t0
        self.assertTrue(result.ok, result.reason)
        self.assertEqual([e['pid'] for e in self.fake.events('term-ignored')], [hung])
        self.assertFalse(support.pid_alive(hung))
        self.assertGreaterEqual(took, 0.5)  # it waited for the timeout before SIGKILL
        self.assertNotEqual(sup.pid, hung)
        self.assertEqual(self.exits, [])

    def test_a_crash_at_start_is_reported_and_not_retried(self):
        sup = self.supervisor(settle_s=5.0)  # generous: the crash ends the wait, however slowly Python starts
        self.fake.set_mode('crash')
        result = sup.restart()
        self.assertFalse(result.ok)
        self.assertEqual(result.returncode, 3)
        self.assertRegex(result.reason, r'^rviz2 exited with code 3 \d+\.\d s after start; it starts again with the next config$')
        time.sleep(1.0)
        self.assertEqual(len(self.fake.events('start')), 1, 'no restart loop')
        self.assertFalse(sup.running)
        self.assertEqual(self.exits, [], 'the restart reported it already; no second report')

    def test_an_exit_on_its_own_is_reported_once_and_only_the_next_config_restarts(self):
        sup = self.supervisor()
        self.fake.set_mode('crash_later')
        self.assertTrue(sup.restart().ok)
        self.assertTrue(self.exited.wait(5.0))
        time.sleep(1.0)
        self.assertEqual(len(self.exits), 1)
        self.assertEqual(self.exits[0][0], 4)
        self.assertGreater(self.exits[0][1], 0.5)
        self.assertEqual(len(self.fake.events('start')), 1, 'no restart loop')
        self.assertFalse(sup.running)
        self.fake.set_mode('run')
        self.assertTrue(sup.restart().ok)  # the next config
        self.assertEqual(len(self.fake.events('start')), 2)

    def test_stop_ends_it_without_an_exit_report(self):
        sup = self.supervisor()
        self.assertTrue(sup.restart().ok)
        pid = sup.pid
        self.assertTrue(self.fake.wait_ready(pid))
        sup.stop()
        self.assertFalse(support.pid_alive(pid))
        time.sleep(0.3)
        self.assertEqual(self.exits, [])

    def test_without_a_config_file_rviz_starts_without_d(self):
        os.unlink(self.config)
        sup = self.supervisor()
        self.assertTrue(sup.restart().ok)
        self.assertEqual(self.fake.events('start')[0]['argv'], ['-f', 'map', '--fullscreen'])

    def test_a_missing_executable_is_a_clear_failure(self):
        sup = RvizSupervisor(self.config, os.path.join(self.tmp.name, 'no-such-rviz2'), settle_s=0.1)
        result = sup.restart()
        self.assertFalse(result.ok)
        self.assertRegex(result.reason, r'^could not start .*no-such-rviz2: No such file or directory')

    def test_the_bridge_owns_the_config_argument(self):
        for args in (['-d', 'x.rviz'], ['--display-config', 'x'], ['--display-config=x']):
            with self.subTest(args=args), self.assertRaises(ValueError):
                RvizSupervisor(self.config, 'rviz2', args)


if __name__ == '__main__':
    unittest.main()
