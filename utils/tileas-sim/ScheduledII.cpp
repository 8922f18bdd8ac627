//===- ScheduledII.cpp - The II materialization reports -------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ScheduledII.h"

#include "llvm/Remarks/Remark.h"
#include "llvm/Remarks/RemarkParser.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace tileas {

Expected<std::map<std::string, std::vector<MaterializedLoop>>>
readMaterializedLoops(StringRef Path) {
  auto Fail = [&](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), Path + ": " + Msg);
  };
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return Fail(Buf.getError().message());
  Expected<std::unique_ptr<remarks::RemarkParser>> Parser =
      remarks::createRemarkParser(remarks::Format::YAML, (*Buf)->getBuffer());
  if (!Parser)
    return Fail(toString(Parser.takeError()));
  std::map<std::string, std::vector<MaterializedLoop>> Loops;
  while (true) {
    Expected<std::unique_ptr<remarks::Remark>> R = (*Parser)->next();
    if (!R) {
      Error E = R.takeError();
      if (E.isA<remarks::EndOfFileError>()) {
        consumeError(std::move(E));
        return Loops;
      }
      return Fail(toString(std::move(E)));
    }
    const remarks::Remark &Remark = **R;
    if (Remark.PassName != "tileas-materialize-schedule" ||
        Remark.RemarkName != "Materialized")
      continue;
    MaterializedLoop L;
    bool HaveII = false;
    for (const remarks::Argument &A : Remark.Args) {
      if (A.Key == "II")
        HaveII = !A.Val.getAsInteger(10, L.II);
      else if (A.Key == "Stages" && A.Val.getAsInteger(10, L.Stages))
        return Fail("a Materialized remark of " + Remark.FunctionName +
                    " with stages '" + A.Val + "'");
    }
    if (!HaveII)
      return Fail("a Materialized remark of " + Remark.FunctionName +
                  " without a numeric II");
    Loops[Remark.FunctionName.str()].push_back(L);
  }
}

} // namespace tileas
