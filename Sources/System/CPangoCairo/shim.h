#ifndef IBOOK_CPANGOCAIRO_SHIM_H
#define IBOOK_CPANGOCAIRO_SHIM_H
#include <pango/pangocairo.h>
#include <cairo.h>
#include <cairo-pdf.h>
#endif
