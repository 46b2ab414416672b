package dev.orchestrator.providers.classify;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds files beside or above the working directory, for tests that skip when they are absent. */
final class SharedFiles {
  private SharedFiles() {}

  /**
   * {@code shared/<relative>} from the nearest ancestor that has a {@code shared} folder (the
   * project's {@code ../shared}), or empty.
   */
  static Optional<Path> shared(String relative) {
    return upwards(Path.of("shared").resolve(relative));
  }

  /** {@code relative} resolved against the nearest ancestor of the working directory having it. */
  static Optional<Path> upwards(Path relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(relative);
      if (Files.isRegularFile(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
