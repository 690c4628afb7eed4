from glob import glob

from setuptools import find_packages, setup

package_name = 'rviz_companion_bridge'

setup(
    name=package_name,
    version='0.1.0',
    packages=find_packages(exclude=['test']),
    data_files=[
        ('share/ament_index/resource_index/packages', ['resource/' + package_name]),
        ('share/' + package_name, ['package.xml', 'README.md']),
        ('share/' + package_name + '/launch', glob('launch/*.launch.py')),
    ],
    install_requires=['setuptools', 'PyYAML'],
    zip_safe=True,
    maintainer='RViz Companion maintainers',
    maintainer_email='maintainers@rviz-companion.invalid',
    description='Robot-side bridge for RViz Companion: QoS report, config loader, supervised RViz2.',
    license='Apache-2.0',
    tests_require=['pytest'],
    entry_points={
        'console_scripts': [
            'rviz_companion_bridge = rviz_companion_bridge.node:main',
        ],
    },
)
