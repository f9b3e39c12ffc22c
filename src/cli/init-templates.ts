/** Files `claw-eval init` writes, keyed by path relative to the target directory. */
export const INIT_FILES: Readonly<Record<string, string>> = {
  "scenarios/greeting.yaml": `# yaml-language-server: $schema=https://unpkg.com/claw-eval/schema/scenario.schema.json
name: greets the user by name
tags: [example]
workspace: ../fixtures/workspaces/example
turns:
  - user: Hi, who am I?
    script:
      - tool: read
        input: { path: USER.md }
      - text: Hello Sam! You are the owner of this workspace.
    expect:
      - tool-called: { name: read, input: { path: USER.md } }
      - reply-contains: Sam
`,
  "scenarios/echo.yaml": `name: echo model repeats the user
tags: [example]
models: ["scripted:echo"]
turns:
  - user: ping
    expect:
      - reply-equals: ping
`,
  "fixtures/workspaces/example/AGENTS.md": `# AGENTS.md

This folder is the agent's workspace. Read USER.md before answering personal questions.
`,
  "fixtures/workspaces/example/SOUL.md": `# SOUL.md

Be brief, warm and concrete.
`,
  "fixtures/workspaces/example/USER.md": `# USER.md

- Name: Sam
- Time zone: UTC
`,
  ".github/workflows/claw-eval.yml": `name: claw-eval
on: [push, pull_request]
jobs:
  scenarios:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        shard: [1, 2]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm install --no-save claw-eval
      - run: npx claw-eval run scenarios/ --shard \${{ matrix.shard }}/2 --out reports
      - if: always()
        run: cat reports/*/summary.md >> "$GITHUB_STEP_SUMMARY"
      - if: always()
        uses: actions/upload-artifact@v4
        with:
          name: claw-eval-shard-\${{ matrix.shard }}
          path: reports/
`,
};
