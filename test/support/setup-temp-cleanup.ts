import { afterAll } from "vitest";
import { removeTestTempDirs } from "./remove-test-temp-dirs.js";

// A vitest setup file: its afterAll is registered before the test file's own hooks, so it runs
// after them, once every test of the file is done with its folders.
afterAll(() => {
  removeTestTempDirs();
});
