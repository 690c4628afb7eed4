import { describe, it, expect } from 'vitest';
import { catalog, catalogFile, catalogProblems, derivedTopicName, derivedTopicsFor, transportFor } from '../../../src/core/catalog/index.ts';

describe('derived topics', () => {
  it('names camera_info next to the image, as image_transport does', () => {
    expect(derivedTopicName('sibling', 'camera_info', '/camera/image_raw')).toBe('/camera/camera_info');
    expect(derivedTopicName('sibling', 'camera_info', '/image')).toBe('/camera_info');
    expect(derivedTopicName('sibling', 'camera_info', 'image_raw')).toBe('camera_info');
    expect(derivedTopicName('suffix', '_array', '/debug')).toBe('/debug_array');
  });

  it('lists what Camera, DepthCloud and Marker also subscribe, with the QoS they use', () => {
    const camera = catalog.resolveType('Camera')!;
    expect(derivedTopicsFor(camera, { Topic: '/front/image_raw' })).toEqual([{
      topic: '/front/camera_info', from: 'Topic', fromTopic: '/front/image_raw', messageType: 'sensor_msgs/msg/CameraInfo',
      qos: { depth: 5, history: 'Keep Last', reliability: 'Best Effort', durability: 'Volatile' }, required: true,
      note: camera.derivedTopics![0]!.note,
    }]);
    const depth = catalog.resolveType('DepthCloud')!;
    expect(derivedTopicsFor(depth, { 'Depth Map Topic': '/cam/depth/image_raw' }).map((d) => d.topic)).toEqual(['/cam/depth/camera_info']);
    const marker = catalog.resolveType('Marker')!;
    const markerArray = derivedTopicsFor(marker, { Topic: '/viz' }, () => ({ depth: 1, history: 'Keep Last', reliability: 'Best Effort', durability: 'Volatile' }));
    expect(markerArray.map((d) => [d.topic, d.messageType, d.required, d.qos?.reliability])).toEqual([['/viz_array', 'visualization_msgs/msg/MarkerArray', false, 'Best Effort']]);
  });

  it('lists nothing without the source topic, or for displays without derived topics', () => {
    expect(derivedTopicsFor(catalog.resolveType('Camera')!, {})).toEqual([]);
    expect(derivedTopicsFor(catalog.resolveType('LaserScan')!, { Topic: '/scan' })).toEqual([]);
  });

  it('is checked: a derived topic must come from a topic property', () => {
    const bad = structuredClone(catalogFile);
    bad.displays.find((d) => d.name === 'Camera')!.derivedTopics![0]!.from = 'Image Topic';
    expect(catalogProblems(bad)).toEqual(['Camera: derived topic comes from "Image Topic", which is not a topic property']);
  });
});

describe('transportFor', () => {
  const image = catalog.resolveType('Image')!;
  const cloud = catalog.resolveType('PointCloud2')!;
  it('splits a transport suffix off image topics, as get_transport_from_topic does', () => {
    expect(transportFor(image, '/cam/image_raw/compressed')).toEqual({ transport: 'compressed', baseTopic: '/cam/image_raw' });
    expect(transportFor(image, '/cam/depth/compressedDepth')).toEqual({ transport: 'compressedDepth', baseTopic: '/cam/depth' });
    expect(transportFor(image, '/cam/image_raw')).toEqual({ transport: 'raw', baseTopic: '/cam/image_raw' });
    expect(transportFor(catalog.resolveType('LaserScan')!, '/scan/compressed')).toEqual({ transport: 'raw', baseTopic: '/scan/compressed' });
  });

  it('reads point cloud transports from jazzy on only', () => {
    expect(transportFor(cloud, '/points/draco', 'jazzy')).toEqual({ transport: 'draco', baseTopic: '/points' });
    expect(transportFor(cloud, '/points/draco', 'humble')).toEqual({ transport: 'raw', baseTopic: '/points/draco' });
    expect(transportFor(cloud, '/points/zstd')).toEqual({ transport: 'zstd', baseTopic: '/points' });
  });

  it('derives camera_info from the topic as written, transport part included (as RViz2 does)', () => {
    const camera = catalog.resolveType('Camera')!;
    expect(derivedTopicsFor(camera, { Topic: '/cam/image_raw/compressed' })[0]!.topic).toBe('/cam/image_raw/camera_info');
  });
});
