/** The schema line of a scaffolded scenario: the installed package's copy, relative to `scenarios/`. */
const SCHEMA_LINE = "# yaml-language-server: $schema=../node_modules/claw-eval/schema/scenario.schema.json";

/**
 * Files `claw-eval init` writes, keyed by path relative to the target directory. It refuses to
 * run when any of them exists. (package.json and .gitignore come from {@link buildProjectFiles}.)
 */
export const INIT_FILES: Readonly<Record<string, string>> = {
  "scenarios/greeting.yaml": `${SCHEMA_LINE}
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
  "scenarios/echo.yaml": `${SCHEMA_LINE}
name: echo model repeats the user
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
      # claw-eval comes from package.json's devDependencies: a git URL or a tarball in this repository
      # (a path on your own machine does not exist here; see \`claw-eval init --from\`).
      - run: if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
      - run: npx --no claw-eval run scenarios/ --shard \${{ matrix.shard }}/2 --out reports
      - if: always()
        run: cat reports/*/summary.md >> "$GITHUB_STEP_SUMMARY"
      - if: always()
        uses: actions/upload-artifact@v4
        with:
          name: claw-eval-shard-\${{ matrix.shard }}
          path: reports/
`,
};

/**
 * The project files init writes only when the folder has none: a package.json that installs
 * claw-eval from `dependencySpec` (see init-source.ts) and a .gitignore for the installed
 * packages and the reports.
 */
export function buildProjectFiles(options: { name: string; dependencySpec: string }): Record<string, string> {
  const manifest = {
    name: options.name,
    version: "0.0.0",
    private: true,
    scripts: { test: "claw-eval run scenarios/" },
    devDependencies: { "claw-eval": options.dependencySpec },
  };
  return {
    ".gitignore": "node_modules/\nreports/\n",
    "package.json": `${JSON.stringify(manifest, null, 2)}\n`,
  };
}
