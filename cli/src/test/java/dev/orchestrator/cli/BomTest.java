package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The BOM pins every published module of the build, at the build's version. */
class BomTest {
  private static final Path ROOT = Path.of("..");
  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

  @Test
  void theBomPinsEveryLibraryModuleAtTheBuildsVersion() throws IOException {
    String parent = Files.readString(ROOT.resolve("pom.xml"));
    String version = between(parent, "<version>", "</version>");
    String bom = Files.readString(ROOT.resolve("bom/pom.xml"));
    assertThat(between(bom, "<version>", "</version>")).isEqualTo(version);
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
      String artifact = between(pom.substring(pom.indexOf("</parent>")), "<artifactId>", "<");
      assertThat(bom)
          .as(module)
          .contains(
              "<artifactId>" + artifact + "</artifactId>\n        <version>${project.version}");
    }
  }

  private static String between(String s, String open, String close) {
    int i = s.indexOf(open) + open.length();
    return s.substring(i, s.indexOf(close, i));
  }
}
