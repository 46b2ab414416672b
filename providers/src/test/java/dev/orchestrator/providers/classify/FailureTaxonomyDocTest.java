package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.TransportFault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The closed taxonomy is documented in one place, and its size is pinned. */
class FailureTaxonomyDocTest {

  @Test
  void thereAreExactlyEighteenCategories() {
    assertThat(FailureCategory.values()).hasSize(18);
  }

  @Test
  void everyCategoryFaultAndRuleIsDocumented() throws Exception {
    Optional<Path> doc = SharedFiles.upwards(Path.of("docs", "failure-taxonomy.md"));
    Assumptions.assumeTrue(doc.isPresent(), "docs/failure-taxonomy.md not found");
    String text = Files.readString(doc.get());

    for (FailureCategory c : FailureCategory.values()) {
      assertThat(text).as("category %s", c).contains("| `" + c.wireName() + "` |");
    }
    for (TransportFault f : TransportFault.values()) {
      assertThat(text).as("fault %s", f).contains("| `" + f.wireName() + "` |");
    }
    for (FailureRules.Rule r : FailureRules.RULES) {
      String id = r.id().startsWith("transport.") ? "transport.<fault>" : r.id();
      assertThat(text).as("rule %s", r.id()).contains("`" + id + "`");
    }
  }
}
