package dev.orchestrator.engine.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * A README's {@code pom.xml} block (marked {@code <!-- README:name -->} like {@link ReadmeBlocks}),
 * parsed as XML: its parent, the BOMs it imports and the dependencies it declares, each as {@code
 * groupId:artifactId} to version ({@code null} when a BOM or the parent manages it). Also where a
 * class on the test class path comes from, as {@code artifactId} and version, so that a test can
 * check that every type a README program imports is in a dependency the README names, at the
 * version it names. Immutable and thread-safe.
 *
 * @param parent the parent's {@code groupId:artifactId} to its version; empty without a parent
 * @param boms the BOMs imported in {@code dependencyManagement}
 * @param dependencies the dependencies declared in {@code dependencies}
 */
public record ReadmePom(
    Map<String, String> parent, Map<String, String> boms, Map<String, String> dependencies) {

  /** Copies. */
  public ReadmePom {
    parent = Map.copyOf(parent);
    boms = Map.copyOf(boms);
    dependencies = Collections.unmodifiableMap(new LinkedHashMap<>(dependencies));
  }

  /** The {@code ```xml} block marked {@code name} in {@code readme}, parsed. */
  public static ReadmePom parse(String readme, String name) throws Exception {
    int start = readme.indexOf("<!-- README:" + name + " -->");
    assertThat(start).as("README block " + name).isNotNegative();
    String block = readme.substring(start, readme.indexOf("<!-- /README:" + name + " -->"));
    String xml = block.substring(block.indexOf("```xml") + 6, block.lastIndexOf("```"));
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document doc =
        f.newDocumentBuilder()
            .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    Element project = doc.getDocumentElement();
    assertThat(project.getTagName()).isEqualTo("project");
    Map<String, String> parent = new LinkedHashMap<>();
    Element p = child(project, "parent");
    if (p != null) {
      parent.put(coordinates(p), text(p, "version"));
    }
    Map<String, String> boms = new LinkedHashMap<>();
    Element managed = child(project, "dependencyManagement");
    if (managed != null) {
      for (Element d : children(child(managed, "dependencies"), "dependency")) {
        assertThat(text(d, "scope")).as(coordinates(d)).isEqualTo("import");
        boms.put(coordinates(d), text(d, "version"));
      }
    }
    Map<String, String> dependencies = new LinkedHashMap<>();
    for (Element d : children(child(project, "dependencies"), "dependency")) {
      dependencies.put(coordinates(d), text(d, "version"));
    }
    return new ReadmePom(parent, boms, dependencies);
  }

  /** Whether a dependency with this {@code artifactId} is declared, whatever its group. */
  public boolean declares(String artifactId) {
    return dependencies.keySet().stream().anyMatch(k -> k.endsWith(":" + artifactId));
  }

  /**
   * The {@code artifactId} and version {@code type} is loaded from: a jar in the local Maven
   * repository ({@code …/artifactId/version/artifactId-version.jar}) or a module of this build
   * ({@code module/target/classes} or the module's jar in {@code module/target}: its POM's
   * artifactId and the build's version).
   */
  public static Map.Entry<String, String> artifactOf(Class<?> type) throws Exception {
    Path location =
        Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
    Path target = location.getParent();
    if (target.getFileName().toString().equals("target")) {
      Path module = target.getParent(); // module/target/classes or module/target/name.jar
      String pom = Files.readString(module.resolve("pom.xml"));
      return Map.entry(ownArtifactId(pom), elementText(pom, "version"));
    }
    Path versionDir = location.getParent();
    return Map.entry(
        versionDir.getParent().getFileName().toString(), versionDir.getFileName().toString());
  }

  /**
   * The types {@code program} imports from outside the JDK, in import order, each with the {@code
   * artifactId} and version it is loaded from ({@link #artifactOf}).
   */
  public static Map<String, Map.Entry<String, String>> importedArtifacts(Path program)
      throws Exception {
    Map<String, Map.Entry<String, String>> out = new LinkedHashMap<>();
    for (String line : Files.readString(program).lines().toList()) {
      if (line.startsWith("import ") && !line.startsWith("import java.")) { // the JDK's own
        String name = line.substring("import ".length(), line.length() - 1);
        out.put(name, artifactOf(Class.forName(name)));
      }
    }
    return out;
  }

  /**
   * The text of the first {@code <tag>} element in a POM's text: in a module's POM, {@code
   * "version"} is its parent's version, the build's; a property's name gives its value.
   */
  public static String elementText(String pom, String tag) {
    String open = "<" + tag + ">";
    int i = pom.indexOf(open) + open.length();
    return pom.substring(i, pom.indexOf('<', i));
  }

  /** The {@code artifactId} a module's POM gives the module itself (the first after its parent). */
  public static String ownArtifactId(String pom) {
    return elementText(pom.substring(pom.indexOf("</parent>")), "artifactId");
  }

  private static String coordinates(Element e) {
    return text(e, "groupId") + ":" + text(e, "artifactId");
  }

  private static String text(Element e, String tag) {
    Element c = child(e, tag);
    return c == null ? null : c.getTextContent().strip();
  }

  private static Element child(Element e, String tag) {
    NodeList nodes = e.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      Node n = nodes.item(i);
      if (n instanceof Element el && el.getTagName().equals(tag)) {
        return el;
      }
    }
    return null;
  }

  private static List<Element> children(Element e, String tag) {
    List<Element> out = new ArrayList<>();
    if (e == null) {
      return out;
    }
    NodeList nodes = e.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i) instanceof Element el && el.getTagName().equals(tag)) {
        out.add(el);
      }
    }
    return out;
  }
}
