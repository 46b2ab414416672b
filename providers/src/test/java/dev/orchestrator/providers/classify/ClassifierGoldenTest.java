package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The classifier answers every input of {@link ClassifierGolden} exactly as recorded — the same
 * rule and the same failure, field by field (message, body, type, code, request id and retry delay
 * included, through the digest). A deliberate rule change re-records the file ({@code
 * -Dgolden.record=true -Dtest='ClassifierGoldenTest#recordsTheAnswersWhenAskedTo'}) and says in its
 * commit which answers changed and why.
 */
class ClassifierGoldenTest {
  private static final FailureClassifier CLASSIFIER =
      FailureClassifier.withClock(
          Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));

  @Test
  void answersEveryRecordedInputAsRecorded() throws IOException {
    List<FailureEvidence> cases = ClassifierGolden.cases();
    List<String> golden;
    try (InputStream in =
        ClassifierGoldenTest.class.getResourceAsStream(ClassifierGolden.RESOURCE)) {
      golden = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
    assertThat(golden).hasSize(cases.size());
    for (int i = 0; i < cases.size(); i++) {
      FailureEvidence e = cases.get(i);
      assertThat(ClassifierGolden.line(i, CLASSIFIER.explain(e)))
          .as("case %d: %s", i, e)
          .isEqualTo(golden.get(i));
    }
  }

  @Test
  @EnabledIfSystemProperty(named = "golden.record", matches = "true")
  void recordsTheAnswersWhenAskedTo() throws IOException {
    List<FailureEvidence> cases = ClassifierGolden.cases();
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < cases.size(); i++) {
      out.append(ClassifierGolden.line(i, CLASSIFIER.explain(cases.get(i)))).append('\n');
    }
    Files.writeString(
        Path.of("src/test/resources").resolve(ClassifierGolden.RESOURCE.substring(1)),
        out,
        StandardCharsets.UTF_8);
  }
}
