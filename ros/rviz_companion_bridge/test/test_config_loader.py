"""Config checks, atomic writes, version rotation, the write-only-inside-config_dir rule and the debounce."""
import os
import tempfile
import unittest
from unittest import mock

import support
from rviz_companion_bridge import config_loader
from rviz_companion_bridge.config_loader import (MAX_CONFIG_BYTES, ConfigLoader, ConfigStore, Debouncer, Refusal,
                                                 check_config)


class Refusals(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        self.store = ConfigStore(os.path.join(self.root, 'companion'))
        self.loader = ConfigLoader(self.store, window_s=0.0)
        self.before = support.tree(self.root)

    def tearDown(self):
        self.tmp.cleanup()

    def refused(self, data, loader=None):
        refusal = (loader or self.loader).receive(data, now=0.0)
        self.assertIsInstance(refusal, Refusal)
        self.assertIsNone((loader or self.loader).take_due(now=10.0), 'a refused config must not be pending')
        self.assertEqual(support.tree(self.root), self.before, 'a refusal writes nothing')
        return refusal.reason

    def test_more_than_5_mb(self):
        big = support.MINIMAL_RVIZ + '#' * (MAX_CONFIG_BYTES - len(support.MINIMAL_RVIZ) + 1)
        self.assertRegex(self.refused(big), r'^too large: 5000001 bytes, the limit is 5000000 bytes')
        self.assertRegex(self.refused(big.encode()), r'^too large')
        six_mb = support.MINIMAL_RVIZ + '#' * 6_000_000
        self.assertRegex(self.refused(six_mb), r'^too large: 60\d{5} bytes')

    def test_exactly_5_mb_is_accepted(self):
        text = support.MINIMAL_RVIZ + '#' * (MAX_CONFIG_BYTES - len(support.MINIMAL_RVIZ))
        self.assertEqual(check_config(text), text)

    def test_size_counts_utf8_bytes_not_characters(self):
        text = support.MINIMAL_RVIZ + '# ' + 'é' * (MAX_CONFIG_BYTES // 2)  # 2 bytes each
        self.assertRegex(self.refused(text), r'^too large')

    def test_invalid_utf8(self):
        self.assertEqual(self.refused(support.MINIMAL_RVIZ.encode() + b'\xff\xfe'),
                         f'invalid UTF-8: byte 0xff at offset {len(support.MINIMAL_RVIZ.encode())}')
        # What rclpy hands over for such bytes (it decodes std_msgs/String with errors="replace"):
        self.assertRegex(self.refused(support.MINIMAL_RVIZ + '# \ufffd'), r'^invalid UTF-8: replacement character')
        # What rosbridge can pass on from a JSON "\ud800" escape:
        self.assertRegex(self.refused(support.MINIMAL_RVIZ + '# \ud800'), r'^invalid UTF-8: unpaired surrogate')

    def test_yaml_that_does_not_parse(self):
        reason = self.refused('Visualization Manager:\n  Displays: [\n')
        self.assertRegex(reason, r'^YAML does not parse: ')
        self.assertNotIn('\n', reason)
        self.assertRegex(self.refused('a: 1\n---\nb: 2\n'), r'^YAML does not parse')  # two documents
        self.assertRegex(self.refused('Visualization Manager: !!python/object:os.system {}\n'),
                         r'^YAML does not parse')  # no tags beyond the safe ones

    def test_yaml_that_is_not_an_rviz_config(self):
        for text in ('Panels: []\nWindow Geometry: {}\n', '- Visualization Manager\n', '42\n', '', '{}',
                     'Panels:\n  Visualization Manager: {}\n'):
            with self.subTest(text=text):
                self.assertEqual(self.refused(text), 'not an RViz config: no top-level "Visualization Manager" key')

    def test_read_only_refuses_even_a_good_config(self):
        loader = ConfigLoader(self.store, read_only=True, window_s=0.0)
        self.assertRegex(self.refused(support.MINIMAL_RVIZ, loader), r'^read-only: ')

    def test_a_refusal_leaves_the_pending_config_alone(self):
        loader = ConfigLoader(self.store, window_s=1.0)
        self.assertIsNone(loader.receive(support.MINIMAL_RVIZ, now=0.0))
        self.assertIsInstance(loader.receive('not: [rviz', now=0.2), Refusal)
        self.assertEqual(loader.take_due(now=1.0).text, support.MINIMAL_RVIZ)

    def test_real_configs_are_accepted(self):
        files = support.corpus_files()
        if not files:
            self.skipTest(f'no .rviz corpus at {support.CORPUS_DIR}')
        for path in files:
            with open(path, 'rb') as f:
                data = f.read()
            with self.subTest(config=os.path.basename(path)):
                self.assertEqual(check_config(data), data.decode('utf-8'))


class Store(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = os.path.join(self.tmp.name, 'companion')

    def tearDown(self):
        self.tmp.cleanup()

    def test_write_makes_current_and_a_version(self):
        store = ConfigStore(self.dir)
        self.assertEqual(store.write(support.MINIMAL_RVIZ), 1)
        self.assertEqual(store.read_current(), support.MINIMAL_RVIZ)
        self.assertEqual(sorted(os.listdir(self.dir)), ['current.rviz', 'version-000001.rviz'])
        with open(store.version_path(1)) as f:
            self.assertEqual(f.read(), support.MINIMAL_RVIZ)

    def test_keeps_the_last_20_versions_and_numbering_survives_a_restart(self):
        store = ConfigStore(self.dir)
        for i in range(1, 26):
            store.write(f'{support.MINIMAL_RVIZ}# {i}\n')
        self.assertEqual(store.versions(), list(range(6, 26)))
        self.assertTrue(store.read_current().endswith('# 25\n'))
        again = ConfigStore(self.dir)
        self.assertEqual(again.version, 25)
        self.assertEqual(again.write(support.MINIMAL_RVIZ), 26)
        self.assertEqual(again.versions(), list(range(7, 27)))
        self.assertEqual(len(os.listdir(self.dir)), 21)  # 20 versions + current.rviz, no temporary files

    def test_a_failed_rename_changes_nothing_and_leaves_no_temporary_file(self):
        store = ConfigStore(self.dir)
        store.write(support.MINIMAL_RVIZ)
        before = support.tree(self.dir)
        real_replace = os.replace

        def fail_on_current(src, dst):
            if dst.endswith('current.rviz'):
                raise OSError(28, 'No space left on device')
            return real_replace(src, dst)

        with mock.patch.object(config_loader.os, 'replace', side_effect=fail_on_current):
            with self.assertRaises(OSError):
                store.write(support.MINIMAL_RVIZ + '# new\n')
        self.assertEqual(support.tree(self.dir), before)
        self.assertEqual(store.version, 1)

    def test_the_file_is_replaced_never_rewritten_in_place(self):
        store = ConfigStore(self.dir)
        store.write(support.MINIMAL_RVIZ)
        inode = os.stat(store.current_path).st_ino
        with open(store.current_path) as reader:  # a reader holding the old file keeps reading the old text
            store.write(support.MINIMAL_RVIZ + '# second\n')
            self.assertEqual(reader.read(), support.MINIMAL_RVIZ)
        self.assertNotEqual(os.stat(store.current_path).st_ino, inode)

    def test_writes_only_inside_config_dir(self):
        sandbox = self.tmp.name
        outside = os.path.join(sandbox, 'elsewhere.rviz')
        with open(outside, 'w') as f:
            f.write('untouched')
        store = ConfigStore(self.dir)
        loader = ConfigLoader(store, window_s=0.0)
        hostile = (support.MINIMAL_RVIZ + f'# file: {outside}\n# ../../elsewhere.rviz\n'
                   f'Config Path: {outside}\nSave: ../elsewhere.rviz\n')
        for text in (hostile, 'garbage: [', support.MINIMAL_RVIZ):
            if loader.receive(text, now=0.0) is None:
                loader.write(loader.take_due(now=1.0))
        after = support.tree(sandbox)
        self.assertEqual(after.pop('elsewhere.rviz'), b'untouched')
        self.assertTrue(all(path.startswith('companion' + os.sep) for path in after), sorted(after))
        self.assertEqual(sorted(after), ['companion/current.rviz', 'companion/version-000001.rviz',
                                         'companion/version-000002.rviz'])

    def test_default_folder_is_under_home(self):
        with mock.patch.dict(os.environ, {'HOME': self.tmp.name}):
            store = ConfigStore()
        self.assertEqual(store.config_dir, os.path.join(self.tmp.name, '.rviz2', 'companion'))
        self.assertTrue(os.path.isdir(store.config_dir))


class Debounce(unittest.TestCase):
    def test_several_configs_within_a_second_are_one_reload_of_the_last(self):
        d = Debouncer(window_s=1.0)
        d.offer('a', now=10.0)
        d.offer('b', now=10.3)
        d.offer('c', now=10.9)
        self.assertIsNone(d.take_due(now=10.99))
        taken = d.take_due(now=11.0)
        self.assertEqual((taken.text, taken.received_at, taken.superseded), ('c', 10.9, 2))
        self.assertIsNone(d.take_due(now=20.0))

    def test_a_config_after_the_window_starts_a_new_burst(self):
        d = Debouncer(window_s=1.0)
        d.offer('a', now=0.0)
        self.assertEqual(d.take_due(now=1.0).text, 'a')
        d.offer('b', now=1.5)
        self.assertIsNone(d.take_due(now=2.4))
        self.assertEqual(d.take_due(now=2.5).text, 'b')

    def test_a_steady_stream_still_reloads_once_a_window(self):
        d = Debouncer(window_s=1.0)
        taken = []
        for i in range(40):  # a config every 0.1 s for 4 s
            now = i * 0.1
            d.offer(str(i), now)
            t = d.take_due(now)
            if t:
                taken.append(t.text)
        self.assertEqual(len(taken), 3)


if __name__ == '__main__':
    unittest.main()
