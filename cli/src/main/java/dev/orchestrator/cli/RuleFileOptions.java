package dev.orchestrator.cli;

import dev.orchestrator.engine.catalog.Catalog;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The files whose operator rules read a failure before the built-in ones — {@code --catalog PATH}
 * and {@code --config PATH}, both repeatable — as a Picocli mixin for {@code classify} ({@code
 * errors:}) and {@code classify-tool} ({@code toolErrors:}). Not thread-safe (one per command
 * invocation).
 */
public final class RuleFileOptions {
  @Mixin CatalogOptions catalog;

  @Option(
      names = "--config",
      paramLabel = "PATH",
      description =
          "Own configuration (JSON or YAML) whose operator rules (errors: for classify,"
              + " toolErrors: for classify-tool) read a failure before the built-in ones;"
              + " repeatable, applied after --catalog files.")
  List<Path> configs = new ArrayList<>();

  /**
   * The catalog the files make, or {@code null} when none is given (no operator rules).
   *
   * @throws CliException exit 3 when a file is unreadable or invalid (the message names it)
   */
  Catalog loadIfGiven(PrintWriter err) {
    return catalog.paths().isEmpty() && configs.isEmpty() ? null : catalog.load(configs, err);
  }
}
