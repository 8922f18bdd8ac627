//===- ModelIds.h - Generated ids of the td machine records -----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The ids tileas-tblgen generated from td/: tileas::gen::SlotId (one
// enumerator per TileASSlot record, valued by slot id), PoolId, BudgetId,
// PipeId and ResourceVectorId (valued by table index). Code that needs one
// particular record of the machine names it through these enumerators, the
// td record names, so that renaming or removing the record in td/ breaks the
// build instead of a string lookup at run time.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MODEL_MODELIDS_H
#define TILEAS_MODEL_MODELIDS_H

#define GET_TILEAS_SLOT_ENUM
#include "TileASSlotTables.inc"

#endif // TILEAS_MODEL_MODELIDS_H
