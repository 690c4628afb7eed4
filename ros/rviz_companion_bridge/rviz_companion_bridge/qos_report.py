"""The `/rviz_companion/qos` report: endpoint records in, compact JSON out (format in DESIGN.md "Bridge topics").

Plain Python, no ROS import: `node.py` turns rclpy's `TopicEndpointInfo` into `EndpointRecord`s, and tests build
records by hand. Policies are the rmw enum values (rclpy's `QoS*Policy` are IntEnums with the same numbers) or their
names; anything DDS did not propagate, or that we do not know, becomes "unknown" / null, never a guess.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

Policy = Union[int, str]

# rmw/types.h values, identical in rclpy's HistoryPolicy / ReliabilityPolicy / DurabilityPolicy (humble..kilted).
# BEST_AVAILABLE (iron+, value 4) is a request a subscription resolves at creation; an endpoint found by discovery
# never carries it, so if one shows up it is reported as "unknown" rather than passed on as a value the contract lacks.
_RELIABILITY = {0: 'system_default', 1: 'reliable', 2: 'best_effort', 3: 'unknown', 4: 'unknown'}
_DURABILITY = {0: 'system_default', 1: 'transient_local', 2: 'volatile', 3: 'unknown', 4: 'unknown'}
_HISTORY = {0: 'system_default', 1: 'keep_last', 2: 'keep_all', 3: 'unknown'}

# What rmw reports for an endpoint whose participant's node information has not arrived yet.
_UNKNOWN_NODE_NAMES = {'', '_NODE_NAME_UNKNOWN_'}
_UNKNOWN_NAMESPACES = {'', '_NODE_NAMESPACE_UNKNOWN_'}


def _policy(table: Dict[int, str], value: Optional[Policy]) -> str:
    if value is None or isinstance(value, bool):
        return 'unknown'
    if isinstance(value, int):
        return table.get(int(value), 'unknown')
    name = str(value).strip().lower().replace(' ', '_').replace('-', '_')
    return name if name in table.values() else 'unknown'


def policy_strings(reliability: Optional[Policy], durability: Optional[Policy],
                   history: Optional[Policy]) -> Tuple[str, str, str]:
    """The contract's lowercase strings for three rmw policies (int values or names such as 'BEST_EFFORT')."""
    return _policy(_RELIABILITY, reliability), _policy(_DURABILITY, durability), _policy(_HISTORY, history)


def report_depth(history: str, depth: Optional[int]) -> Optional[int]:
    """A depth only means something with keep_last, and 0 is rmw's 'not set' (Fast DDS reports 0 for every remote
    endpoint); everything else is null."""
    if history != 'keep_last' or depth is None or isinstance(depth, bool):
        return None
    return int(depth) if int(depth) > 0 else None


def node_fqn(name: str, namespace: str) -> str:
    """`/ns/name`: the namespace is part of a node's identity (two robots' `/robot1/lidar` and `/robot2/lidar`)."""
    if name in _UNKNOWN_NODE_NAMES:
        return 'unknown'
    ns = '' if namespace in _UNKNOWN_NAMESPACES else namespace.rstrip('/')
    if ns and not ns.startswith('/'):
        ns = '/' + ns
    return f'{ns}/{name}'


@dataclass(frozen=True)
class EndpointRecord:
    """One publisher or subscription as the graph API reports it (fields named as in rclpy's TopicEndpointInfo)."""
    node_name: str
    node_namespace: str
    topic_type: str = ''
    reliability: Optional[Policy] = None
    durability: Optional[Policy] = None
    history: Optional[Policy] = None
    depth: Optional[int] = None

    @classmethod
    def from_dict(cls, d: dict) -> 'EndpointRecord':
        """Records as written in test fixtures: rclpy's field names, policies by name or number."""
        qos = d.get('qos', d)
        return cls(node_name=d['node_name'], node_namespace=d.get('node_namespace', '/'),
                   topic_type=d.get('topic_type', ''),
                   reliability=qos.get('reliability'), durability=qos.get('durability'), history=qos.get('history'),
                   depth=qos.get('depth'))


@dataclass(frozen=True)
class TopicRecord:
    name: str
    types: Tuple[str, ...]
    publishers: Tuple[EndpointRecord, ...] = field(default_factory=tuple)
    subscribers: Tuple[EndpointRecord, ...] = field(default_factory=tuple)


def endpoint_entry(rec: EndpointRecord) -> dict:
    reliability, durability, history = policy_strings(rec.reliability, rec.durability, rec.history)
    return {'node': node_fqn(rec.node_name, rec.node_namespace), 'reliability': reliability, 'durability': durability,
            'history': history, 'depth': report_depth(history, rec.depth)}


def _sorted_entries(records: Iterable[EndpointRecord]) -> List[dict]:
    # Sorted so that the same graph always gives the same text: change detection compares strings.
    return sorted((endpoint_entry(r) for r in records),
                  key=lambda e: (e['node'], e['reliability'], e['durability'], e['history'], e['depth'] or 0))


def topic_type(topic: TopicRecord) -> str:
    """A topic with several types (a misconfigured graph) is reported with all of them, comma-separated, so the
    companion's type check sees the conflict instead of one arbitrary type."""
    types = sorted(set(t for t in topic.types if t))
    return ','.join(types)


def build_topics(topics: Iterable[TopicRecord]) -> Dict[str, dict]:
    out: Dict[str, dict] = {}
    for t in sorted(topics, key=lambda t: t.name):
        out[t.name] = {'type': topic_type(t), 'publishers': _sorted_entries(t.publishers),
                       'subscribers': _sorted_entries(t.subscribers)}
    return out


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(',', ':'), ensure_ascii=False)


def report_json(topics: Dict[str, dict], stamp: float) -> str:
    """The message text: compact separators, stamp in Unix seconds with millisecond precision."""
    return '{"stamp":' + _dumps(round(float(stamp), 3)) + ',"topics":' + _dumps(topics) + '}'


def build_report(topics: Sequence[TopicRecord], stamp: float) -> str:
    return report_json(build_topics(topics), stamp)


def poll_interval(period_s: float, took_s: float, max_share: float = 0.2, ceiling_s: float = 25.0) -> float:
    """Seconds until the next graph poll: the configured period, stretched so that polling a huge graph (about
    0.5 s for 1,000 topics on a busy 2-core machine) takes at most `max_share` of a core, but never so far apart that
    the 30 s heartbeat could be missed."""
    return min(max(period_s, took_s / max_share), ceiling_s)


class QosReporter:
    """Decides when to publish: when the topics or any QoS changed, and at least every `heartbeat_s` seconds
    (with a new stamp, so a listener can tell a live bridge from a latched message left by a dead one)."""

    MAX_HEARTBEAT_S = 30.0

    def __init__(self, heartbeat_s: float = MAX_HEARTBEAT_S) -> None:
        if not 0 < heartbeat_s <= self.MAX_HEARTBEAT_S:
            raise ValueError(f'heartbeat must be in (0, {self.MAX_HEARTBEAT_S:g}] s, got {heartbeat_s}')
        self.heartbeat_s = heartbeat_s
        self._last_topics: Optional[str] = None
        self._last_sent: Optional[float] = None

    def poll(self, topics: Sequence[TopicRecord], now: float, stamp: Optional[float] = None) -> Optional[str]:
        """The report to publish now, or None when nothing changed and the heartbeat is not due.

        `now` is a monotonic clock for the heartbeat; `stamp` the wall-clock Unix time the report carries
        (default `now`)."""
        built = build_topics(topics)
        key = _dumps(built)
        changed = key != self._last_topics
        due = self._last_sent is None or now - self._last_sent >= self.heartbeat_s
        if not changed and not due:
            return None
        self._last_topics = key
        self._last_sent = now
        return '{"stamp":' + _dumps(round(float(now if stamp is None else stamp), 3)) + ',"topics":' + key + '}'
