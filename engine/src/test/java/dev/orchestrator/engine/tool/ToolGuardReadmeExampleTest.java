package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.testing.ReadmeBlocks;
import dev.orchestrator.engine.tool.readme.GuardedSearch;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Compiles and runs the guard example from README.md ({@link GuardedSearch}, shown whole). */
class ToolGuardReadmeExampleTest {

  interface SearchTool {
    String call(String query) throws Exception;
  }

  private final List<String> audit = new ArrayList<>();

  private String answer(SearchTool searchTool, String query, UnaryOperator<String> otherAgent) {
    return GuardedSearch.search(() -> searchTool.call(query), otherAgent, query, audit);
  }

  @Test
  void readmeShowsExactlyThisCode() throws java.io.IOException {
    java.nio.file.Path readmePath = java.nio.file.Path.of("../README.md");
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(readmePath));
    ReadmeBlocks.assertShowsProgram(
        java.nio.file.Files.readString(readmePath),
        "tool-guard",
        java.nio.file.Path.of(
            "src/test/java/dev/orchestrator/engine/tool/readme/GuardedSearch.java"));
  }

  @Test
  void returnsTheToolsAnswer() {
    assertThat(answer(q -> "results for " + q, "java", task -> "other"))
        .isEqualTo("results for java");
    assertThat(audit).isEmpty();
  }

  @Test
  void handsAMissingToolToAnotherAgent() {
    SearchTool missing =
        q -> {
          throw ToolFailureException.builder("search")
              .kind(ToolFailureKind.TOOL_NOT_FOUND)
              .idempotent(true)
              .outcomeUnknown(false)
              .build();
        };

    assertThat(answer(missing, "java", task -> "other agent: " + task))
        .isEqualTo("other agent: java");
    assertThat(audit).containsExactly("tool_failure.tool_not_found.failover_agent");
  }

  @Test
  void stopsOnAPermissionFailure() {
    SearchTool forbidden =
        q -> {
          throw new SecurityException("index is private");
        };

    assertThatThrownBy(() -> answer(forbidden, "java", task -> "other"))
        .isInstanceOf(ToolExecutionStoppedException.class)
        .hasMessage("tool 'search' stopped: tool_failure.permission_denied.fail_closed");
    assertThat(audit).containsExactly("tool_failure.permission_denied.fail_closed");
  }
}
