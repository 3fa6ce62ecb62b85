// A render thread entry that fails as it starts (tests/platform/http/render-thread.test.ts).
throw new Error('this render thread cannot start');
