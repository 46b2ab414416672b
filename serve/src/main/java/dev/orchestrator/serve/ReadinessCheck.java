package dev.orchestrator.serve;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One condition {@code GET /readyz} requires (docs/reference.md §5). The server has built-in checks
 * (credentials for the virtual models, catalog age); more are added with {@link
 * OrchestratorServer.Builder#readinessCheck}, for example a shared health store's connection.
 * Implementations must be thread-safe and quick: they run on every probe.
 */
public interface ReadinessCheck {
  /** A short stable name, e.g. {@code credentials}, shown in the {@code /readyz} body. */
  String name();

  /** Empty while the condition holds; otherwise what is wrong, for people. */
  Optional<String> problem();

  /** A check named {@code name} whose problem {@code problem} computes. */
  static ReadinessCheck of(String name, Supplier<Optional<String>> problem) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(problem, "problem");
    return new ReadinessCheck() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Optional<String> problem() {
        return problem.get();
      }
    };
  }
}
