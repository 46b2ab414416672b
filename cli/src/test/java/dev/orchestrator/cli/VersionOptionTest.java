package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every command's {@code --help} offers {@code -V, --version}: each prints the same version line as
 * {@code orchestrator --version} (they printed nothing and exited 0).
 */
class VersionOptionTest {

  @Test
  void everyCommandPrintsTheVersionItsHelpOffers() {
    CliRun top = CliRun.of("--version");
    assertThat(top.code).isZero();
    assertThat(top.out).startsWith("orchestrator ");

    for (List<String> command :
        List.of(
            List.of("chat"),
            List.of("preflight"),
            List.of("serve"),
            List.of("route"),
            List.of("classify"),
            List.of("classify-tool"),
            List.of("simulate"),
            List.of("catalog"),
            List.of("catalog", "list"),
            List.of("catalog", "pools"),
            List.of("catalog", "providers"),
            List.of("catalog", "show"),
            List.of("catalog", "refresh"))) {
      String[] args = new String[command.size() + 1];
      command.toArray(args);
      args[command.size()] = "--version";
      CliRun r = CliRun.of(args);

      assertThat(r.code).as(String.join(" ", command)).isZero();
      assertThat(r.out).as(String.join(" ", command)).isEqualTo(top.out);
    }
  }
}
