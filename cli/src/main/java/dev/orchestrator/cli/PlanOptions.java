package dev.orchestrator.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What {@code route} and {@code preflight} plan for, as a Picocli mixin: the catalog, the {@code
 * MODEL} parameter, the ranking of {@code orchestrator/auto} and {@code --only-configured}. Not
 * thread-safe (one per command invocation).
 */
public final class PlanOptions {
  @Mixin CatalogOptions catalog;

  @Parameters(
      index = "0",
      paramLabel = "MODEL",
      converter = ModelName.class,
      description =
          "orchestrator/free, orchestrator/auto, a pool name, or a route id provider/model")
  String model;

  @Option(
      names = "--strategy",
      paramLabel = "cost|quality|latency|throughput|reliability",
      description =
          "Ranking of orchestrator/auto; latency, throughput and reliability rank by observations"
              + " (default: ${DEFAULT-VALUE}).",
      defaultValue = "cost")
  String strategy;

  @Option(
      names = "--only-configured",
      description = "Leave out routes whose provider has no API key in the environment.")
  boolean onlyConfigured;
}
