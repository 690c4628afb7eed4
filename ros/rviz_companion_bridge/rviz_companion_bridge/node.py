"""The rclpy adapter: the only module that imports ROS. It reads parameters, polls the graph, owns the four bridge
topics and hands everything else to the plain modules (qos_report, config_loader, rviz_supervisor, status)."""
from __future__ import annotations

import os
import shlex
import threading
import time
from typing import List, Optional

import rclpy
import rclpy.executors
from rcl_interfaces.msg import ParameterDescriptor
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy
from std_msgs.msg import String

from .config_loader import (DEFAULT_CONFIG_DIR, MAX_CONFIG_BYTES, ConfigLoader, ConfigStore, Pending, Refusal,
                            check_config)
from .parameters import PARAMETERS, as_bool
from .qos_report import EndpointRecord, QosReporter, TopicRecord, poll_interval
from .rviz_supervisor import LoadResult, RvizSupervisor, describe_exit
from .status import make_status, status_json

QOS_TOPIC = '/rviz_companion/qos'
CONFIG_TOPIC = '/rviz_companion/rviz_config'
CURRENT_TOPIC = '/rviz_companion/rviz_config_current'
STATUS_TOPIC = '/rviz_companion/rviz_config_status'
NODE_NAME = 'rviz_companion_bridge'

# Latched: a companion that connects later still gets the last report / status / config.
LATCHED = QoSProfile(history=HistoryPolicy.KEEP_LAST, depth=1, reliability=ReliabilityPolicy.RELIABLE,
                     durability=DurabilityPolicy.TRANSIENT_LOCAL)
# Volatile so that a restarted bridge does not replay an old config a latched publisher still holds; reliable
# matches rosbridge's publishers.
CONFIG_IN = QoSProfile(history=HistoryPolicy.KEEP_LAST, depth=10, reliability=ReliabilityPolicy.RELIABLE,
                       durability=DurabilityPolicy.VOLATILE)

def _record(info) -> EndpointRecord:
    qos = info.qos_profile
    return EndpointRecord(node_name=info.node_name, node_namespace=info.node_namespace, topic_type=info.topic_type,
                          reliability=int(qos.reliability), durability=int(qos.durability),
                          history=int(qos.history), depth=int(qos.depth))


class CompanionBridge(Node):
    def __init__(self, **node_kwargs) -> None:
        super().__init__(NODE_NAME, **node_kwargs)
        p = {name: self.declare_parameter(name, default,
                                          ParameterDescriptor(description=desc, dynamic_typing=True)).value
             for name, (default, desc) in PARAMETERS.items()}
        self.read_only = as_bool(p['read_only'])
        supervise = as_bool(p['rviz'])
        self.reload = str(p['reload'] or ('restart' if supervise else 'none')).strip().lower()
        if self.reload not in ('restart', 'none'):
            raise ValueError(f'reload must be restart or none, got {self.reload!r}')

        self.store = ConfigStore(str(p['config_dir'] or DEFAULT_CONFIG_DIR))
        self.loader = ConfigLoader(self.store, read_only=self.read_only, window_s=float(p['debounce']))
        self.reporter = QosReporter(float(p['qos_heartbeat']))
        self.supervisor: Optional[RvizSupervisor] = None
        if supervise:
            self.supervisor = RvizSupervisor(self.store.current_path, str(p['rviz_executable']),
                                             shlex.split(str(p['rviz_args'] or '')),
                                             stop_timeout_s=float(p['rviz_stop_timeout']),
                                             settle_s=float(p['rviz_settle']), on_exit=self._on_rviz_exit)

        self._publish_lock = threading.Lock()
        self._busy = threading.Lock()  # held while a config is written / RViz restarts (in a worker thread)
        self.qos_pub = self.create_publisher(String, QOS_TOPIC, LATCHED)
        self.status_pub = self.create_publisher(String, STATUS_TOPIC, LATCHED)
        self.current_pub = self.create_publisher(String, CURRENT_TOPIC, LATCHED)
        self.create_subscription(String, CONFIG_TOPIC, self._on_config, CONFIG_IN)
        # Polls are what the heartbeat rides on, so they come at least every 25 s.
        self.qos_period = min(float(p['qos_period']), 25.0)
        if self.qos_period <= 0:
            raise ValueError(f'qos_period must be above 0 s, got {p["qos_period"]}')
        self._next_poll = 0.0
        self.create_timer(self.qos_period, self._poll_graph)
        self.create_timer(0.05, self._take_due)

        self._start(str(p['config'] or ''))
        self.get_logger().info(f'bridge up: config_dir={self.store.config_dir} read_only={self.read_only} '
                               f'rviz={supervise} reload={self.reload}')

    # --- startup -------------------------------------------------------------------------------------------------
    def _start(self, initial: str) -> None:
        t0 = time.monotonic()
        if initial:
            try:
                with open(initial, 'rb') as f:
                    size = os.fstat(f.fileno()).st_size
                    if size > MAX_CONFIG_BYTES:  # not read whole: the refusal needs only its size
                        raise Refusal(f'too large: {size} bytes, the limit is {MAX_CONFIG_BYTES} bytes (5 MB)')
                    data = f.read()
                # The local file is the operator's choice, so read_only does not apply; the shape checks do.
                text = check_config(data, read_only=False)
            except (OSError, Refusal) as err:
                reason = err.reason if isinstance(err, Refusal) else (err.strerror or str(err))
                self.get_logger().error(f'initial config {initial}: {reason}')
                self._status('refused', reason=f'initial config {initial}: {reason}', took_ms=_ms(t0))
            else:
                self._run(Pending(text, t0))
                return
        if self.supervisor is not None:
            self._run(None)
        elif self.store.read_current() is not None:
            self._publish(self.current_pub, self.store.read_current())

    def _run(self, pending: Optional[Pending]) -> None:
        self._busy.acquire()
        threading.Thread(target=self._apply, args=(pending,), name='bridge-apply', daemon=True).start()

    # --- configs ------------------------------------------------------------------------------------------------
    def _on_config(self, msg: String) -> None:
        t0 = time.monotonic()
        try:
            refusal = self.loader.receive(msg.data, t0)
        except Exception as err:  # a bug must not take the node down with it; the sender still gets an answer
            self.get_logger().error(f'config check failed: {err!r}')
            refusal = Refusal(f'internal error while checking the config: {err!r}')
        if refusal is not None:
            self.get_logger().warning(f'config refused: {refusal.reason}')
            self._status('refused', reason=refusal.reason, took_ms=_ms(t0))

    def _take_due(self) -> None:
        if not self._busy.acquire(blocking=False):
            return  # a restart is running: the debouncer keeps the newest config until it is done
        pending = self.loader.take_due(time.monotonic())
        if pending is None:
            self._busy.release()
            return
        threading.Thread(target=self._apply, args=(pending,), name='bridge-apply', daemon=True).start()

    def _apply(self, pending: Optional[Pending]) -> None:
        """Runs in a worker thread with `_busy` held. `pending` None: (re)start RViz with what is current."""
        try:
            t0 = pending.received_at if pending is not None else time.monotonic()
            if pending is not None:
                try:
                    self.loader.write(pending)
                except OSError as err:
                    self._status('refused', reason=f'could not write {self.store.current_path}: {err.strerror or err}',
                                 took_ms=_ms(t0))
                    return
            text = self.store.read_current()
            if self.supervisor is not None and (self.reload == 'restart' or not self.supervisor.running):
                try:
                    result = self.supervisor.restart()
                except Exception as err:
                    self.get_logger().error(f'RViz restart failed: {err!r}')
                    result = LoadResult(False, f'could not restart RViz: {err!r}')
                if result.ok:
                    if text is not None:
                        self._publish(self.current_pub, text)
                    self._status('loaded', took_ms=_ms(t0))
                else:
                    self._status('rviz_exited', reason=result.reason, took_ms=_ms(t0))
            elif pending is not None:
                # Only written: with no supervised RViz the file is what the robot's RViz will open, so it is
                # current; a supervised RViz under reload:=none still runs the old one.
                if self.supervisor is None and text is not None:
                    self._publish(self.current_pub, text)
                self._status('written', took_ms=_ms(t0))
        finally:
            self._busy.release()

    def _on_rviz_exit(self, code: Optional[int], ran_s: float) -> None:
        reason = (f'RViz exited by itself with {describe_exit(code)} after {ran_s:.1f} s; '
                  'it starts again with the next config')
        self.get_logger().warning(reason)
        self._status('rviz_exited', reason=reason)

    # --- graph --------------------------------------------------------------------------------------------------
    def graph_records(self) -> List[TopicRecord]:
        topics = []
        for name, types in self.get_topic_names_and_types():
            try:
                topics.append(TopicRecord(name, tuple(types),
                                          tuple(_record(i) for i in self.get_publishers_info_by_topic(name)),
                                          tuple(_record(i) for i in self.get_subscriptions_info_by_topic(name))))
            except Exception as err:  # e.g. a name rclpy will not expand; the other topics are still reported
                self.get_logger().warning(f'no endpoint info for {name}: {err!r}', throttle_duration_sec=60.0)
        return topics

    def _poll_graph(self) -> None:
        start = time.monotonic()
        if start < self._next_poll:
            return
        try:
            records = self.graph_records()
        except Exception as err:  # an exception in a timer would end spin(), and the whole bridge with it
            self.get_logger().error(f'graph poll failed: {err!r}', throttle_duration_sec=60.0)
            return
        finally:
            # The timer ticks every qos_period; a slow poll (a huge graph) pushes the next one further out.
            self._next_poll = start + poll_interval(self.qos_period, time.monotonic() - start) - 0.01
        report = self.reporter.poll(records, time.monotonic(), stamp=time.time())
        if report is not None:
            self._publish(self.qos_pub, report)

    # --- output -------------------------------------------------------------------------------------------------
    def _status(self, action: str, reason: str = '', took_ms: float = 0.0) -> None:
        version = self.store.version
        file = self.store.current_path if version > 0 else ''
        mode = 'read-only' if self.read_only else 'supervised' if self.supervisor is not None else 'write-only'
        self._publish(self.status_pub, status_json(make_status(action, reason=reason, file=file, version=version,
                                                               took_ms=took_ms, mode=mode)))

    def _publish(self, pub, data: str) -> None:
        with self._publish_lock:
            pub.publish(String(data=data))

    def destroy_node(self) -> None:
        if self.supervisor is not None:
            self.supervisor.stop()
        super().destroy_node()


def _ms(t0: float) -> float:
    return (time.monotonic() - t0) * 1000.0


# Raised by spin() when the context is shut down from outside (a signal); absent from older rclpy.
_EXTERNAL_SHUTDOWN = getattr(rclpy.executors, 'ExternalShutdownException', KeyboardInterrupt)


def main(args=None) -> None:
    rclpy.init(args=args)
    node = None
    try:
        node = CompanionBridge()
        rclpy.spin(node)
    except (KeyboardInterrupt, _EXTERNAL_SHUTDOWN):
        pass
    finally:
        if node is not None:
            node.destroy_node()
        if rclpy.ok():
            rclpy.shutdown()


if __name__ == '__main__':
    main()
