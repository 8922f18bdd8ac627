//===- XMLSchema.h - Strict checks shared by the XML problem readers ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The GraphML and resource-model readers accept only what they understand:
// each element lists its allowed and required attributes, elements that hold
// structure may not hold text, and numbers are range-checked. Every failure
// names the file, the line and the element or attribute.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PROBLEMIO_XMLSCHEMA_H
#define TILEAS_LIB_PROBLEMIO_XMLSCHEMA_H

#include "tileas/ProblemIO/XML.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace tileas {

class XMLSchema {
public:
  explicit XMLSchema(llvm::StringRef File) : File(File) {}

  llvm::StringRef file() const { return File; }
  llvm::Error error(unsigned Line, const llvm::Twine &Msg) const;

  /// Every attribute of E is in Allowed (a name ending in ':' admits any
  /// attribute with that prefix), and every name in Required is present.
  llvm::Error checkAttributes(const xml::Element &E,
                              llvm::ArrayRef<llvm::StringRef> Allowed,
                              llvm::ArrayRef<llvm::StringRef> Required) const;

  /// E holds only child elements and blanks.
  llvm::Error checkNoText(const xml::Element &E) const;
  /// E holds no child elements.
  llvm::Error checkNoChildren(const xml::Element &E) const;
  /// The root element is named Name.
  llvm::Error checkRoot(const xml::Element &E, llvm::StringRef Name) const;

  /// Parses Text as an integer in [Min, Max].
  /// What names the value in messages, e.g. "'distance' of edge 'a_b'".
  llvm::Expected<int64_t> integer(unsigned Line, const llvm::Twine &What,
                                  llvm::StringRef Text, int64_t Min,
                                  int64_t Max) const;

private:
  llvm::StringRef File;
};

/// Drops XML blanks at both ends.
llvm::StringRef trimXMLSpace(llvm::StringRef S);

} // namespace tileas

#endif // TILEAS_LIB_PROBLEMIO_XMLSCHEMA_H
