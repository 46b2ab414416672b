package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.catalog.readme.LoadCatalogs;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.testing.ReadmeBlocks;
import dev.orchestrator.engine.testing.ReadmePom;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The module README's program is {@link LoadCatalogs}, shown whole from its imports on; each of its
 * ways to get a catalog is run here, and its {@code pom.xml} names a dependency for every import.
 */
class ReadmeCatalogsTest {
  private static final Path PROGRAM =
      Path.of("src/test/java/dev/orchestrator/catalog/readme/LoadCatalogs.java");

  /** What {@code orchestrator-catalog} brings (its compile-scope dependencies). */
  private static final Set<String> BROUGHT = Set.of("orchestrator-engine", "jackson-databind");

  private static final String OWN = "routes:\n  loc/a: {tier: free, contextWindow: 8000}\n";

  @Test
  void everyWayGivesTheCatalogItsSourceSays(@TempDir Path dir) throws Exception {
    assertThat(LoadCatalogs.embedded().routes()).isNotEmpty();
    Path modelsDev = dir.resolve("api.json");
    Files.writeString(modelsDev, TestData.fixture("models-dev-small.json"));
    Path mine = dir.resolve("mine.yaml");
    Files.writeString(
        mine, "providers:\n  loc: {baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: []}\n" + OWN);
    Catalog merged = LoadCatalogs.files(modelsDev, mine);
    assertThat(merged.route("loc/a")).isPresent();
    assertThat(merged.routes().size())
        .isGreaterThan(CatalogLoader.load(java.util.List.of(modelsDev)).routes().size());
    String text = "providers:\n  loc: {baseUrl: 'http://127.0.0.1:9/v1'}\n" + OWN;
    assertThat(LoadCatalogs.text(text).route("loc/a")).isPresent();
    assertThat(
            LoadCatalogs.tree(
                    new ObjectMapper()
                        .readTree(
                            "{\"providers\":{\"loc\":{\"baseUrl\":\"http://127.0.0.1:9/v1\"}},"
                                + "\"routes\":{\"loc/a\":{\"tier\":\"free\",\"contextWindow\":8000}}}"))
                .route("loc/a"))
        .isPresent();
    assertThat(LoadCatalogs.remote(mine.toString()).current().route("loc/a")).isPresent();
  }

  @Test
  void readmeShowsTheWholeProgram() throws Exception {
    ReadmeBlocks.assertShowsProgram(Files.readString(Path.of("README.md")), "example", PROGRAM);
  }

  @Test
  void readmePomNamesTheBuildsVersionAndADependencyForEveryImport() throws Exception {
    ReadmePom pom = ReadmePom.parse(Files.readString(Path.of("README.md")), "pom");
    String modulePom = Files.readString(Path.of("pom.xml"));
    String version = ReadmePom.elementText(modulePom, "version"); // the parent's: the build's
    assertThat(pom.boms()).isEqualTo(Map.of("dev.orchestrator:orchestrator-bom", version));
    assertThat(pom.dependencies()).containsOnlyKeys("dev.orchestrator:orchestrator-catalog");
    ReadmePom.importedArtifacts(PROGRAM)
        .forEach(
            (name, artifact) ->
                assertThat(pom.declares(artifact.getKey()) || BROUGHT.contains(artifact.getKey()))
                    .as(name + " from " + artifact)
                    .isTrue());
    for (String brought : BROUGHT) {
      assertThat(modulePom).contains("<artifactId>" + brought + "</artifactId>");
    }
  }
}
