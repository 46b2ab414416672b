package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.testing.ReadmePom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The BOM pins every published module of the build, at the build's version, and states the
 * framework versions the adapters are built against (ADR 0031) as the adapters and their READMEs
 * use them.
 */
class BomTest {
  private static final Path ROOT = Path.of("..");
  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

  @Test
  void theBomPinsEveryLibraryModuleAtTheBuildsVersion() throws IOException {
    String parent = Files.readString(ROOT.resolve("pom.xml"));
    String version = ReadmePom.elementText(parent, "version");
    String bom = Files.readString(ROOT.resolve("bom/pom.xml"));
    assertThat(ReadmePom.elementText(bom, "version")).isEqualTo(version);
    List<String> modules = new ArrayList<>();
    Matcher m = MODULE.matcher(parent);
    while (m.find()) {
      modules.add(m.group(1));
    }
    assertThat(modules).contains("bom");
    for (String module : modules) {
      if (module.equals("bom") || module.equals("benchmarks")) {
        continue; // the BOM itself; benchmarks are never published
      }
      String pom = Files.readString(ROOT.resolve(module).resolve("pom.xml"));
      String artifact = ReadmePom.ownArtifactId(pom);
      assertThat(bom)
          .as(module)
          .contains(
              "<artifactId>" + artifact + "</artifactId>\n        <version>${project.version}");
    }
  }

  @Test
  void theBomStatesTheFrameworkVersionsTheAdaptersAndTheirReadmesUse() throws Exception {
    String bom = Files.readString(ROOT.resolve("bom/pom.xml"));
    String langchain4j = ReadmePom.elementText(bom, "orchestrator.langchain4j.version");
    String springAi = ReadmePom.elementText(bom, "orchestrator.spring-ai.version");
    String boot = ReadmePom.elementText(bom, "orchestrator.spring-boot.version");
    // Stated, never managed: the BOM manages only dev.orchestrator artifacts (its own build's
    // plugins aside).
    String managed =
        bom.substring(
            bom.indexOf("<dependencyManagement>"), bom.indexOf("</dependencyManagement>"));
    assertThat(managed.split("<groupId>", -1).length - 1)
        .isEqualTo(managed.split("<groupId>dev.orchestrator</groupId>", -1).length - 1);

    Path lc4j = ROOT.resolve("integrations/langchain4j");
    assertThat(
            ReadmePom.elementText(Files.readString(lc4j.resolve("pom.xml")), "langchain4j.version"))
        .isEqualTo(langchain4j);
    ReadmePom lc4jReadme = ReadmePom.parse(Files.readString(lc4j.resolve("README.md")), "pom");
    assertThat(lc4jReadme.dependencies()).containsEntry("dev.langchain4j:langchain4j", langchain4j);

    Path spring = ROOT.resolve("integrations/spring-ai");
    String springPom = Files.readString(spring.resolve("pom.xml"));
    assertThat(ReadmePom.elementText(springPom, "spring-ai.version")).isEqualTo(springAi);
    assertThat(ReadmePom.elementText(springPom, "spring-boot.version")).isEqualTo(boot);
    ReadmePom springReadme = ReadmePom.parse(Files.readString(spring.resolve("README.md")), "pom");
    assertThat(springReadme.parent())
        .isEqualTo(Map.of("org.springframework.boot:spring-boot-starter-parent", boot));
    assertThat(springReadme.boms()).containsEntry("org.springframework.ai:spring-ai-bom", springAi);

    // The README table of frameworks names the same lines.
    String readme = Files.readString(ROOT.resolve("README.md"));
    assertThat(readme)
        .contains("| `dev.langchain4j:langchain4j` " + langchain4j + " |")
        .contains("| Spring AI " + springAi + ", Spring Boot " + boot + " |");
  }
}
