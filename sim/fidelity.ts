// How closely the simulated robot follows what real ROS 2 graphs and rosbridge servers do (issue 21). Each behaviour
// is on by default, as real robots do it, and can be turned off where a test wants the older, simpler sim.
// (The start-up discovery delay and status frames are the `server` options of sim/server.ts.)

export interface SimFidelity {
  /** Every ROS 2 node publishes /rosout (rcl_interfaces/msg/Log) and /parameter_events: list them even when the
   * scenario does not. */
  systemTopics: boolean;
  /** Fast DDS on Jazzy does not propagate history or depth of remote endpoints: the QoS report says "unknown"/null. */
  unknownHistoryDepth: boolean;
  /** rosapi of rosbridge 2.x: `topics_and_raw_types` and `message_details` (and the service details). */
  rosapiDetails: boolean;
}

export const defaultFidelity: Readonly<SimFidelity> = Object.freeze({ systemTopics: true, unknownHistoryDepth: true, rosapiDetails: true });

export function resolveFidelity(partial: Partial<SimFidelity> = {}): SimFidelity {
  return { ...defaultFidelity, ...partial };
}
