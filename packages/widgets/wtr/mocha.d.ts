// The mocha globals @web/test-runner gives each test file (its default test framework), as far as these tests use them.
type MochaDone = () => Promise<void> | void;
declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: MochaDone): void;
declare function before(body: MochaDone): void;
declare function afterEach(body: MochaDone): void;
