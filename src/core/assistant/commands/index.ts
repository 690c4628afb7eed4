// Public surface of command checking (see README.md).
export { checkCommands, checkCommand, DO_NOT_RUN, NEEDS_EXTENSION, NOT_ON_THIS_ROBOT, type CommandCheckOptions } from './check.ts';
export { findCommands, type FoundCommand, type CommandProgram } from './extract.ts';
export { checkRos2Args, checkRosArgs, normalizeTopic, type Ros2CheckContext, type CheckResult } from './check-ros2.ts';
export { parseArgs, isPlaceholder, type ArgParseResult } from './argparse.ts';
export { ros2Grammar, loadRos2Grammar, parserForDistro, GRAMMAR_DISTROS, type Ros2Grammar, type GrammarParser, type GrammarOption, type GrammarPositional, type PositionalKind } from './grammar.ts';
export { splitShellLine, type SimpleCommand } from './shell-words.ts';
