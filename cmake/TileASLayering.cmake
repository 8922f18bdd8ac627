# The libraries' layering, checked when CMake configures the build.
#
# The IR-independent libraries (the scheduling core, the coordination solve,
# the protocol checker, the simulator, the event scheduler, problem files,
# the exact solver, the machine model and the PTX encodings) must never
# reach LLVM's code generator or the target through their links:
# tileas-sched, the unit tests and the benchmarks link them without a
# TargetMachine. Debian's LLVM comes as one shared library (the LLVM
# target), which they link for Support and ADT; what is refused is the
# target's own libraries, the MIR runner, and LLVM's code generation and
# target component libraries.
#
# tileas_check_no_link(<target> <regex> <why>) fails the configuration if
# <target> reaches, through LINK_LIBRARIES and INTERFACE_LINK_LIBRARIES
# followed transitively, a library whose name matches <regex>; the message
# names the chain of links and <why>.

set(TILEAS_IR_INDEPENDENT_LIBRARIES
  TileASSched TileASPipes TileASProtocol TileASSim TileASEventSched
  TileASProblemIO TileASExact TileASModel TileASPTX TileASTiming)

set(TILEAS_CODEGEN_LIBRARIES_REGEX
  "^(TileAS|TileASTarget|TileASCodeGen|TileASMIRExec|LLVMCodeGen|LLVMCodeGenTypes|LLVMSelectionDAG|LLVMGlobalISel|LLVMAsmPrinter|LLVMMIRParser|LLVMTarget|LLVM[A-Za-z0-9]+(CodeGen|Desc|Info))$")

# The link entries of one target, generator expressions that only mark a
# static library's private links ($<LINK_ONLY:x>) reduced to their library.
function(_tileas_direct_links target out)
  set(links)
  foreach(property LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
    get_target_property(entries ${target} ${property})
    if(NOT entries)
      continue()
    endif()
    foreach(entry IN LISTS entries)
      string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" entry "${entry}")
      if(NOT entry MATCHES "^\\$<")
        list(APPEND links "${entry}")
      endif()
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES links)
  set(${out} "${links}" PARENT_SCOPE)
endfunction()

function(tileas_check_no_link target regex why)
  # A breadth-first walk; each queue entry is a chain "a>b>c" of links.
  set(queue "${target}")
  set(seen "${target}")
  while(queue)
    list(POP_FRONT queue chain)
    string(REGEX REPLACE "^.*>" "" current "${chain}")
    if(NOT TARGET ${current})
      continue()
    endif()
    _tileas_direct_links(${current} links)
    foreach(link IN LISTS links)
      if(link MATCHES "${regex}")
        # Every library's first bad link is reported before CMake stops.
        string(REPLACE ">" " -> " path "${chain}>${link}")
        message(SEND_ERROR "Layering: ${path}:\n${why}")
        return()
      endif()
      if(NOT link IN_LIST seen)
        list(APPEND seen "${link}")
        list(APPEND queue "${chain}>${link}")
      endif()
    endforeach()
  endwhile()
endfunction()

# The rules of README's layout table.
function(tileas_check_layering)
  foreach(lib IN LISTS TILEAS_IR_INDEPENDENT_LIBRARIES)
    if(TARGET ${lib})
      tileas_check_no_link(${lib} "${TILEAS_CODEGEN_LIBRARIES_REGEX}"
        "an IR-independent library must not link LLVM's code generator or the target")
    endif()
  endforeach()
  # The machine model lies below the scheduling core: it fills the core's
  # header-only types (ResourceModel, Operation) and links no TileAS code.
  if(TARGET TileASModel)
    tileas_check_no_link(TileASModel "^TileAS"
      "the machine model links no other TileAS library")
  endif()
  if(TARGET TileASSched)
    tileas_check_no_link(TileASSched "^TileAS(Model|RandomProblem)$"
      "the scheduling core does not depend on the td machine model")
  endif()
endfunction()
