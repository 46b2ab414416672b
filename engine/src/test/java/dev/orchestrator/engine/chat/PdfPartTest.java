package dev.orchestrator.engine.chat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A chat completions {@code file} part read for a protocol that takes a PDF only inline: the PDF
 * and its name, or the first field that keeps the part from being one.
 */
class PdfPartTest {
  private static final String PDF = "JVBERi0xLjQKJcOkw7zDtsOfCg==";

  private static PdfPart read(String json) {
    return PdfPart.read(new ContentPart.Raw("file", json));
  }

  @Test
  void anInlinePdfIsItsDataAndItsName() {
    PdfPart p =
        read(
            "{\"type\":\"file\",\"file\":{\"filename\":\"report.pdf\","
                + "\"file_data\":\"data:application/pdf;base64,"
                + PDF
                + "\"}}");

    assertThat(p).isEqualTo(new PdfPart.Inline("report.pdf", PDF));
    assertThat(p.toString()).doesNotContain(PDF).contains("report.pdf", PDF.length() + " base64");
  }

  @Test
  void aPdfWithoutANameOrWithABlankOneHasNoName() {
    assertThat(
            read(
                "{\"type\":\"file\",\"file\":{\"file_data\":\"data:application/pdf;base64,"
                    + PDF
                    + "\"}}"))
        .isEqualTo(new PdfPart.Inline(null, PDF));
    assertThat(
            read(
                "{\"file\":{\"file_data\":\"DATA:Application/PDF;BASE64,"
                    + PDF
                    + "\",\"filename\":\" \"},\"type\":\"file\"}"))
        .isEqualTo(new PdfPart.Inline(null, PDF));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          file_id only    | {"type":"file","file":{"file_id":"file-abc"}}                                                   | file.file_id   | an uploaded file's id, readable only where it was stored
          file_id beside  | {"type":"file","file":{"file_id":"file-abc","file_data":"data:application/pdf;base64,JVBE"}}   | file.file_id   | an uploaded file's id, readable only where it was stored
          not a PDF       | {"type":"file","file":{"file_data":"data:text/plain;base64,aGk="}}                              | file.file_data | text/plain, not application/pdf
          no media type   | {"type":"file","file":{"file_data":"data:;base64,aGk="}}                                        | file.file_data | no media type, not application/pdf
          not base64 URL  | {"type":"file","file":{"file_data":"data:application/pdf,%25PDF"}}                              | file.file_data | a data: URL without base64 data
          not a data URL  | {"type":"file","file":{"file_data":"https://example.com/a.pdf"}}                                | file.file_data | not a data: URL
          no data         | {"type":"file","file":{"file_data":"data:application/pdf;base64,"}}                             | file.file_data | no data
          bad data        | {"type":"file","file":{"file_data":"data:application/pdf;base64,%%%"}}                          | file.file_data | data that is not base64
          data a number   | {"type":"file","file":{"file_data":7}}                                                          | file.file_data | not a string
          data missing    | {"type":"file","file":{"filename":"a.pdf"}}                                                     | file.file_data | missing
          name a number   | {"type":"file","file":{"filename":7,"file_data":"data:application/pdf;base64,JVBE"}}            | file.filename  | not a string
          file missing    | {"type":"file"}                                                                                 | file           | missing
          file a string   | {"type":"file","file":"a.pdf"}                                                                  | file           | not an object
          cache control   | {"type":"file","file":{"file_data":"data:application/pdf;base64,JVBE"},"cache_control":{}}     | cache_control  | a field no other protocol's PDF has
          unknown in file | {"type":"file","file":{"file_data":"data:application/pdf;base64,JVBE","format":"pdf"}}        | file.format    | a field no other protocol's PDF has
          type differs    | {"type":"input_file","file":{"file_data":"data:application/pdf;base64,JVBE"}}                  | type           | not "file"
          """)
  void anythingElseNamesTheFieldAtFault(String name, String json, String field, String problem) {
    assertThat(read(json)).as(name).isEqualTo(new PdfPart.Unusable(field, problem));
  }

  @Test
  void textThatIsNotAJsonObjectIsThePartsFault() {
    assertThat(read("[]")).isEqualTo(new PdfPart.Unusable("", "not a JSON object"));
    assertThat(read("{\"type\":\"file\",")).isInstanceOf(PdfPart.Unusable.class);
    assertThat(((PdfPart.Unusable) read("{\"type\":\"file\",")).field()).isEmpty();
    assertThat(PdfPart.read(new ContentPart.Raw("input_audio", "{}")))
        .isEqualTo(new PdfPart.Unusable("type", "input_audio, not a file part"));
  }
}
