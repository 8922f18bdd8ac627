//===- XMLTest.cpp - The strict XML tokenizer and tree builder ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ProblemIOTestUtil.h"

#include "tileas/ProblemIO/XML.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::iotest;

namespace {

TEST(XML, ParsesElementsAttributesTextAndLines) {
  const char *Doc = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><root a=\"1\">\n"
                    "  <!-- a comment -->\n"
                    "  <child b='x &amp; y' c=\"&#65;&#x42;\">hi &lt;there&gt;"
                    "</child>\n"
                    "  <empty/>\n"
                    "  <?pi stuff?>\n"
                    "  <cdata><![CDATA[a < b & c]]></cdata>\n"
                    "</root>\n";
  Expected<xml::Element> Root = xml::parseXMLDocument(Doc, "doc.xml");
  ASSERT_TRUE(bool(Root)) << toString(Root.takeError());
  EXPECT_EQ(Root->Name, "root");
  EXPECT_EQ(Root->Line, 1u);
  ASSERT_NE(Root->attribute("a"), nullptr);
  EXPECT_EQ(Root->attribute("a")->Value, "1");
  ASSERT_EQ(Root->Children.size(), 3u);
  const xml::Element &Child = Root->Children[0];
  EXPECT_EQ(Child.Name, "child");
  EXPECT_EQ(Child.Line, 3u);
  EXPECT_EQ(Child.attribute("b")->Value, "x & y");
  EXPECT_EQ(Child.attribute("c")->Value, "AB");
  EXPECT_EQ(Child.Text, "hi <there>");
  EXPECT_EQ(Child.TextLine, 3u);
  EXPECT_EQ(Root->Children[1].Name, "empty");
  EXPECT_EQ(Root->Children[1].Line, 4u);
  EXPECT_EQ(Root->Children[2].Text, "a < b & c");
  EXPECT_EQ(Root->Children[2].Line, 6u);
  // Blank text between children does not count as text.
  EXPECT_EQ(Root->TextLine, 0u);
}

TEST(XML, AttributeLinesFollowNewlinesInsideTags) {
  Expected<xml::Element> Root =
      xml::parseXMLDocument("<a\n  x=\"1\"\n  y=\"2\"/>", "f.xml");
  ASSERT_TRUE(bool(Root)) << toString(Root.takeError());
  EXPECT_EQ(Root->attribute("x")->Line, 2u);
  EXPECT_EQ(Root->attribute("y")->Line, 3u);
}

TEST(XML, ByteOrderMarkAndMultiByteCharacters) {
  Expected<xml::Element> Root = xml::parseXMLDocument(
      "\xEF\xBB\xBF<a n=\"\xC3\xA9\">&#x20AC;</a>", "f.xml");
  ASSERT_TRUE(bool(Root)) << toString(Root.takeError());
  EXPECT_EQ(Root->attribute("n")->Value, "\xC3\xA9");
  EXPECT_EQ(Root->Text, "\xE2\x82\xAC");
}

struct BadCase {
  const char *Doc;
  unsigned Line;
  const char *Message;
};

void PrintTo(const BadCase &C, std::ostream *OS) { *OS << C.Doc; }

class XMLErrors : public ::testing::TestWithParam<BadCase> {};

TEST_P(XMLErrors, ReportFileLineAndCause) {
  const BadCase &C = GetParam();
  Diag D = diagOf(xml::parseXMLDocument(C.Doc, "bad.xml").takeError());
  EXPECT_EQ(D.File, "bad.xml");
  EXPECT_EQ(D.Line, C.Line) << D.Message;
  EXPECT_NE(D.Message.find(C.Message), std::string::npos) << D.Message;
}

const BadCase BadDocuments[] = {
    {"", 1, "no root element"},
    {"   \n  ", 2, "no root element"},
    {"<a>\n<b>\n", 3, "element '<b>' opened at line 2 is not closed"},
    {"<a>\n</b>", 2, "'</b>' does not match '<a>' opened at line 1"},
    {"<a/>\n<b/>", 2, "second root element"},
    {"<a/>\ntext", 2, "text outside the root element"},
    {"</a>", 1, "without an open element"},
    {"<a x=\"1\" x=\"2\"/>", 1, "attribute 'x' of '<a>' is given twice"},
    {"<a x=1/>", 1, "must be quoted"},
    {"<a x=\"1\"y=\"2\"/>", 1, "expected a blank"},
    {"<a x/>", 1, "expected '=' after attribute 'x'"},
    {"<a x=\"1", 1, "unexpected end of file in the value of attribute 'x'"},
    {"<a\n x=\"1\"", 1, "unexpected end of file in start tag '<a'"},
    {"<a></a", 1, "unexpected end of file in end tag"},
    {"<a>\n&foo;</a>", 2, "unknown entity '&foo;'"},
    {"<a>&#0;</a>", 1, "invalid character reference"},
    {"<a>&#xD800;</a>", 1, "invalid character reference"},
    {"<a>&#x110000;</a>", 1, "invalid character reference"},
    {"<a>a & b</a>", 1, "'&' must start an entity reference"},
    {"<a x=\"<\"/>", 1, "'<' is not allowed in the value"},
    {"<!DOCTYPE a>\n<a/>", 1, "not supported"},
    {"<a>\n<!-- x -- y --></a>", 2, "'--' is not allowed inside a comment"},
    {"<a><!-- open", 1, "unexpected end of file in a comment"},
    {"<a><![CDATA[x</a>", 1, "unexpected end of file in a CDATA section"},
    {"<a>]]></a>", 1, "']]>' is not allowed"},
    {"<a><?pi", 1, "unexpected end of file in processing instruction"},
    {"<a/>\n<?xml version=\"1.0\"?>", 2, "only allowed at the start"},
    {"<?xml version=\"1.0\" encoding=\"latin1\"?><a/>", 1,
     "unsupported encoding"},
    {"<?xml version=\"2.0\"?><a/>", 1, "unsupported XML version"},
    {"<?xml version=\"1.0\"", 1,
     "unexpected end of file in the XML "
     "declaration"},
    {"<a>\n\x01</a>", 2, "control character 0x01"},
    {"<a>\n\xC3</a>", 2, "not valid UTF-8"},
    {"<1a/>", 1, "expected an element name"},
    {"<", 1, "unexpected end of file: expected an element name"},
};

INSTANTIATE_TEST_SUITE_P(Malformed, XMLErrors,
                         ::testing::ValuesIn(BadDocuments));

TEST(XML, NestingIsBounded) {
  std::string Deep;
  for (unsigned I = 0; I <= xml::MaxDepth; ++I)
    Deep += "<a>";
  Diag D = diagOf(xml::parseXMLDocument(Deep, "deep.xml").takeError());
  EXPECT_NE(D.Message.find("nested deeper than"), std::string::npos);

  std::string Ok;
  for (unsigned I = 0; I < xml::MaxDepth; ++I)
    Ok += "<a>";
  for (unsigned I = 0; I < xml::MaxDepth; ++I)
    Ok += "</a>";
  EXPECT_TRUE(bool(xml::parseXMLDocument(Ok, "ok.xml")));
}

} // namespace
