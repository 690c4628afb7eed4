// Public surface of the link: the interface, its errors, URL check, and the rosbridge implementation.
export type { CallOptions, DisplayFeed, DisplayFeedRequest, DisplayFeedStatus, FeedHandler, LinkCapability, LinkState, MessageHandler, RobotLink,
  SnapshotRequest, SubscribeOptions } from './types.ts';
export { defaultFrameRate, feedSubscribeOptions, heavyFeedTypes, isHeavyFeedType, openDisplayFeed } from './display-subscriptions.ts';
export { LinkError, isLinkError, type LinkErrorCode } from './errors.ts';
export { checkRobotUrl, type UrlCheck } from './url.ts';
export { realTimers, type Timers } from './timers.ts';
export { createRosbridgeLink, defaultRosbridgeLinkOptions, RosbridgeLink, type RosbridgeLinkOptions } from './rosbridge/rosbridge-link.ts';
export { sampleTopics, type TopicSampler, type TopicSamplerOptions } from './topic-sampler.ts';
export { RvizBridge, defaultRvizBridgeOptions, type RvizBridgeOptions, type RvizBridgeView } from './bridge.ts';
