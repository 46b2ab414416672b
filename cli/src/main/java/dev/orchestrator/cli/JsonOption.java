package dev.orchestrator.cli;

import picocli.CommandLine.Option;

/**
 * The {@code --json} option (docs/reference.md §0) as a Picocli mixin: the command prints one JSON
 * document instead of text, and under it every failure prints the error document ({@link
 * OrchestratorCli#wantsJson}). Not thread-safe (one per command invocation).
 */
public final class JsonOption {
  @Option(names = "--json", description = "Print one JSON document.")
  private boolean json;

  /** Whether {@code --json} was given. */
  public boolean json() {
    return json;
  }
}
