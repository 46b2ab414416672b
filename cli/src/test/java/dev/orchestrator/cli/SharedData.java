package dev.orchestrator.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds {@code ../shared} (absent in a fresh clone: tests using it skip). */
final class SharedData {
  private SharedData() {}

  /** A file under {@code shared/}, or the test is skipped. */
  static Path file(String relative) {
    Optional<Path> dir = root();
    assumeTrue(dir.isPresent(), "shared/ not present: skipping");
    Path p = dir.get().resolve(relative);
    assumeTrue(Files.exists(p), p + " not present");
    return p;
  }

  static Optional<Path> root() {
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      Path candidate = d.resolve("shared");
      if (Files.isDirectory(candidate.resolve("data"))) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
