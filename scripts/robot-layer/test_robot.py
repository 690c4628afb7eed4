"""The robot layer's test robot: real rclpy publishers with the QoS a real robot uses.

  /scan              sensor_msgs/LaserScan      best effort (sensor data), 10 Hz, frame base_scan
  /map               nav_msgs/OccupancyGrid     transient local, once
  /robot_description std_msgs/String           transient local, once (a small URDF)
  /tf_static         tf2_msgs/TFMessage         transient local, once (base_link -> base_scan, camera_link)
  /tf                tf2_msgs/TFMessage         10 Hz (map -> odom, odom -> base_footprint -> base_link)
  /odom              nav_msgs/Odometry          10 Hz (fixed-size covariance arrays)
  /points            sensor_msgs/PointCloud2    ~10k points xyz + intensity, 2 Hz, frame base_link
  /camera/image_raw  sensor_msgs/Image          rgb8 64x48, 5 Hz, best effort

Prints "test robot: ready" on stdout once everything is published; stops on SIGTERM/SIGINT.
"""
import math
import signal
import struct
import sys

import rclpy
from rclpy.executors import ExternalShutdownException, SingleThreadedExecutor
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy, qos_profile_sensor_data

from geometry_msgs.msg import TransformStamped
from nav_msgs.msg import OccupancyGrid, Odometry
from sensor_msgs.msg import Image, LaserScan, PointCloud2, PointField
from std_msgs.msg import String
from tf2_msgs.msg import TFMessage

LATCHED = QoSProfile(depth=1, reliability=ReliabilityPolicy.RELIABLE, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     history=HistoryPolicy.KEEP_LAST)
TF = QoSProfile(depth=100, reliability=ReliabilityPolicy.RELIABLE, durability=DurabilityPolicy.VOLATILE)
DEFAULT = QoSProfile(depth=10)
CLOUD_POINTS = 10_000
ROOM = 4.0  # half the side of the square room the robot drives in (m)

URDF = """<?xml version="1.0"?>
<robot name="layer_bot">
  <link name="base_footprint"/>
  <link name="base_link"><visual><geometry><box size="0.3 0.25 0.12"/></geometry></visual></link>
  <link name="base_scan"><visual><geometry><cylinder radius="0.04" length="0.05"/></geometry></visual></link>
  <link name="camera_link"><visual><geometry><box size="0.03 0.08 0.03"/></geometry></visual></link>
  <joint name="base_joint" type="fixed"><parent link="base_footprint"/><child link="base_link"/><origin xyz="0 0 0.06"/></joint>
  <joint name="scan_joint" type="fixed"><parent link="base_link"/><child link="base_scan"/><origin xyz="0 0 0.1"/></joint>
  <joint name="camera_joint" type="fixed"><parent link="base_link"/><child link="camera_link"/><origin xyz="0.14 0 0.05"/></joint>
</robot>
"""


def transform(stamp, parent, child, x=0.0, y=0.0, z=0.0, yaw=0.0):
    t = TransformStamped()
    t.header.stamp = stamp
    t.header.frame_id = parent
    t.child_frame_id = child
    t.transform.translation.x, t.transform.translation.y, t.transform.translation.z = x, y, z
    t.transform.rotation.z, t.transform.rotation.w = math.sin(yaw / 2), math.cos(yaw / 2)
    return t


class TestRobot:
    def __init__(self):
        self.rsp = Node('robot_state_publisher')
        self.lidar = Node('lidar')
        self.maps = Node('map_server')
        self.base = Node('base_controller')
        self.camera = Node('camera')
        self.nodes = [self.rsp, self.lidar, self.maps, self.base, self.camera]
        self.t = 0.0
        self.description_pub = self.rsp.create_publisher(String, '/robot_description', LATCHED)
        self.static_pub = self.rsp.create_publisher(TFMessage, '/tf_static', LATCHED)
        self.tf_pub = self.base.create_publisher(TFMessage, '/tf', TF)
        self.odom_pub = self.base.create_publisher(Odometry, '/odom', DEFAULT)
        self.map_pub = self.maps.create_publisher(OccupancyGrid, '/map', LATCHED)
        self.scan_pub = self.lidar.create_publisher(LaserScan, '/scan', qos_profile_sensor_data)
        self.cloud_pub = self.lidar.create_publisher(PointCloud2, '/points', DEFAULT)
        self.image_pub = self.camera.create_publisher(Image, '/camera/image_raw', qos_profile_sensor_data)
        self.cloud_data = self.make_cloud_data()
        self.publish_latched()
        self.base.create_timer(0.1, self.drive)
        self.lidar.create_timer(0.1, self.scan)
        self.lidar.create_timer(0.5, self.cloud)
        self.camera.create_timer(0.2, self.image)

    def now(self):
        return self.base.get_clock().now().to_msg()

    def publish_latched(self):
        self.description_pub.publish(String(data=URDF))
        stamp = self.now()
        self.static_pub.publish(TFMessage(transforms=[
            transform(stamp, 'base_footprint', 'base_link', z=0.06),
            transform(stamp, 'base_link', 'base_scan', z=0.1),
            transform(stamp, 'base_link', 'camera_link', x=0.14, z=0.05),
        ]))
        grid = OccupancyGrid()
        grid.header.stamp = stamp
        grid.header.frame_id = 'map'
        side = 160
        grid.info.resolution = 0.05
        grid.info.width = grid.info.height = side
        grid.info.origin.position.x = grid.info.origin.position.y = -side * 0.05 / 2
        grid.info.origin.orientation.w = 1.0
        # Walls around the room, free space inside, unknown outside (int8: -1, 0, 100).
        wall = int(ROOM / 0.05)
        centre = side // 2
        cells = []
        for row in range(side):
            for col in range(side):
                dx, dy = abs(col - centre), abs(row - centre)
                edge = max(dx, dy)
                cells.append(100 if edge == wall else (0 if edge < wall else -1))
        grid.data = cells
        self.map_pub.publish(grid)

    def pose(self):
        angle = self.t * 0.2
        return 1.5 * math.cos(angle), 1.5 * math.sin(angle), angle + math.pi / 2

    def drive(self):
        self.t += 0.1
        x, y, yaw = self.pose()
        stamp = self.now()
        self.tf_pub.publish(TFMessage(transforms=[
            transform(stamp, 'map', 'odom'),
            transform(stamp, 'odom', 'base_footprint', x, y, 0.0, yaw),
        ]))
        odom = Odometry()
        odom.header.stamp = stamp
        odom.header.frame_id = 'odom'
        odom.child_frame_id = 'base_footprint'
        odom.pose.pose.position.x, odom.pose.pose.position.y = x, y
        odom.pose.pose.orientation.z, odom.pose.pose.orientation.w = math.sin(yaw / 2), math.cos(yaw / 2)
        odom.pose.covariance[0] = odom.pose.covariance[7] = 0.01
        odom.twist.twist.linear.x = 0.3
        self.odom_pub.publish(odom)

    def scan(self):
        # Ranges to the walls of the square room from the robot's pose.
        x, y, yaw = self.pose()
        msg = LaserScan()
        msg.header.stamp = self.now()
        msg.header.frame_id = 'base_scan'
        msg.angle_min, msg.angle_max = -math.pi, math.pi
        n = 360
        msg.angle_increment = 2 * math.pi / n
        msg.range_min, msg.range_max = 0.12, 12.0
        ranges = []
        for i in range(n):
            a = yaw + msg.angle_min + i * msg.angle_increment
            c, s = math.cos(a), math.sin(a)
            tx = ((ROOM - x) / c if c > 1e-6 else (-ROOM - x) / c if c < -1e-6 else math.inf)
            ty = ((ROOM - y) / s if s > 1e-6 else (-ROOM - y) / s if s < -1e-6 else math.inf)
            ranges.append(float(min(tx, ty, msg.range_max)))
        msg.ranges = ranges
        msg.intensities = [100.0] * n
        self.scan_pub.publish(msg)

    @staticmethod
    def make_cloud_data():
        # A 100 x 100 grid of points on a wavy surface in front of the robot: x, y, z, intensity as float32.
        out = bytearray()
        for i in range(CLOUD_POINTS):
            u, v = i % 100, i // 100
            x, y = 0.5 + u * 0.03, -1.5 + v * 0.03
            z = 0.2 * math.sin(u * 0.2) * math.cos(v * 0.2)
            out += struct.pack('<ffff', x, y, z, float(u))
        return bytes(out)

    def cloud(self):
        msg = PointCloud2()
        msg.header.stamp = self.now()
        msg.header.frame_id = 'base_link'
        msg.height, msg.width = 1, CLOUD_POINTS
        msg.fields = [PointField(name=n, offset=o, datatype=PointField.FLOAT32, count=1)
                      for n, o in (('x', 0), ('y', 4), ('z', 8), ('intensity', 12))]
        msg.is_bigendian = False
        msg.point_step, msg.row_step = 16, 16 * CLOUD_POINTS
        msg.is_dense = True
        msg.data = self.cloud_data
        self.cloud_pub.publish(msg)

    def image(self):
        w, h = 64, 48
        shift = int(self.t * 10) % w
        row = bytes(v for col in range(w) for v in (((col + shift) * 4) % 256, 80, 160))
        msg = Image()
        msg.header.stamp = self.now()
        msg.header.frame_id = 'camera_link'
        msg.height, msg.width, msg.encoding, msg.is_bigendian, msg.step = h, w, 'rgb8', 0, w * 3
        msg.data = row * h
        self.image_pub.publish(msg)


def main():
    rclpy.init(args=sys.argv)
    robot = TestRobot()
    executor = SingleThreadedExecutor()
    for node in robot.nodes:
        executor.add_node(node)
    signal.signal(signal.SIGTERM, lambda *_: rclpy.try_shutdown())
    print('test robot: ready', flush=True)
    try:
        executor.spin()
    except (KeyboardInterrupt, ExternalShutdownException):
        pass
    finally:
        for node in robot.nodes:
            node.destroy_node()
        rclpy.try_shutdown()


if __name__ == '__main__':
    main()
