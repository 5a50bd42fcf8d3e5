import { describeSampleRuns, sampleGroups } from '../../../tests/fixtures/sampleRuns';

/**
 * The samples of samples.integration.test.ts in Java: compiled by javac in one batch, each run in a JVM of its own: in a file of their own, so
 * Vitest runs them beside the other languages (tests/fixtures/sampleRuns.ts).
 */
describeSampleRuns('java', sampleGroups.java);
