package dev.orchestrator.providers.classify;

import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Real error bodies, one test each. {@code errors/provider-errors.jsonl} is this project's own
 * collection (each line cites where its body was seen); {@code shared/examples/errors.jsonl} is the
 * team's, read when present.
 */
class ProviderErrorShapesTest {

  @TestFactory
  @DisplayName("classifies every committed provider error body as expected")
  Stream<DynamicTest> classifiesCommittedProviderBodies() throws Exception {
    Path file = Path.of(getClass().getResource("/errors/provider-errors.jsonl").toURI());
    return ErrorExamples.tests(file);
  }

  @TestFactory
  @DisplayName("classifies every shared example as expected")
  Stream<DynamicTest> classifiesSharedExamples() {
    Optional<Path> file = SharedFiles.shared("examples/errors.jsonl");
    Assumptions.assumeTrue(file.isPresent(), "../shared/examples/errors.jsonl is absent");
    return ErrorExamples.tests(file.get());
  }
}
