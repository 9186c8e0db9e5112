import 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** null when a container runtime answers, else the one-line reason container suites are skipped */
    dockerUnavailableReason: string | null;
  }
}

/** Probe once for a container runtime; suites needing one `describe.skipIf(reason)` and print the reason. */
export default async function setup(project: TestProject) {
  let reason: string | null = null;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
  } catch (error) {
    reason = `no Docker engine answers (${(error as Error).message.split('\n')[0]})`;
  }
  project.provide('dockerUnavailableReason', reason);
}
