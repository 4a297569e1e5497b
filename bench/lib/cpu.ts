/** A server's answer to `cpu`: the CPU time its process has used so far (user and system), in µs. */
export interface CpuMessage {
  type: 'cpu';
  micros: number;
}

export function cpuMicros(): CpuMessage {
  const { user, system } = process.cpuUsage();
  return { type: 'cpu', micros: user + system };
}
