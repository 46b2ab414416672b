package dev.orchestrator.catalog;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Locates test fixtures and the shared real-data snapshots (absent in a fresh clone). */
final class TestData {
  private TestData() {}

  /** The shared data folder, found as a {@code shared/data} sibling of an ancestor; else skip. */
  static Path sharedData(String file) {
    Optional<Path> dir = findShared();
    assumeTrue(dir.isPresent(), "shared/data not present: skipping real-snapshot test");
    Path p = dir.get().resolve(file);
    assumeTrue(Files.isRegularFile(p), p + " not present");
    return p;
  }

  static Optional<Path> findShared() {
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      Path candidate = d.resolve("shared").resolve("data");
      if (Files.isDirectory(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** A fixture under {@code src/test/resources/fixtures}, as text. */
  static String fixture(String name) {
    try (InputStream in = TestData.class.getResourceAsStream("/fixtures/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing fixture " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
