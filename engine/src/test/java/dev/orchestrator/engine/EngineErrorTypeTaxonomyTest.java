package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The closed set of request outcomes is documented in one place, and adding one is deliberate. */
class EngineErrorTypeTaxonomyTest {
  @Test
  void everyOutcomeTypeIsDocumentedAndTheSetIsPinned() throws Exception {
    assertThat(OrchestratorException.Type.values()).hasSize(12);
    Path doc = Path.of("../docs/failure-taxonomy.md");
    assumeTrue(Files.exists(doc), "docs/ not found from " + Path.of("").toAbsolutePath());
    String text = Files.readString(doc);
    for (OrchestratorException.Type t : OrchestratorException.Type.values()) {
      assertThat(text).as(t.wireName()).contains("| `" + t.wireName() + "` |");
    }
  }
}
