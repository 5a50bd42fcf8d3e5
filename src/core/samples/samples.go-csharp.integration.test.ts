import { describeSampleRuns, sampleGroups } from '../../../tests/fixtures/sampleRuns';

/**
 * The samples of samples.integration.test.ts in Go and C#: built by `go build` and Mono's compiler, each in one batch: in a file of their own, so
 * Vitest runs them beside the other languages (tests/fixtures/sampleRuns.ts).
 */
describeSampleRuns('go-csharp', sampleGroups['go-csharp']);
