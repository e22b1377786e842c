/**
 * Runs before each test file: the default test and hook timeouts are scaled for the machine's
 * load when the file starts (see test/helpers/time-scale.ts), so a busy machine makes a test
 * slower, never red. A timeout a test sets itself is scaled by that test.
 */
import { vi } from "vitest";
import { scaledMs } from "./time-scale.js";

vi.setConfig({ testTimeout: scaledMs(30_000), hookTimeout: scaledMs(60_000) });
