package dev.orchestrator.cli;

import picocli.CommandLine;

/**
 * The {@code MODEL} parameter of {@code route}, {@code preflight}, {@code chat} and {@code catalog
 * show}: an empty or blank name is bad usage (exit 2) when the command line is parsed, not an
 * unknown model with arbitrary close matches. Stateless; thread-safe.
 */
public final class ModelName implements CommandLine.ITypeConverter<String> {
  @Override
  public String convert(String value) {
    if (value.isBlank()) {
      throw new CommandLine.TypeConversionException(
          (value.isEmpty() ? "empty" : "blank")
              + " (expected: orchestrator/free, orchestrator/auto, a pool name, or a route id"
              + " provider/model)");
    }
    return value;
  }
}
