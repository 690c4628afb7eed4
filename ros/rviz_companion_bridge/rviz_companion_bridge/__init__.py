"""RViz Companion's robot-side bridge: QoS report, config loader, RViz supervisor, status (see ../README.md)."""
