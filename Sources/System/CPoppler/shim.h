#ifndef IBOOK_CPOPPLER_SHIM_H
#define IBOOK_CPOPPLER_SHIM_H
#include <glib.h>
#include <glib-object.h>
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>
#endif
