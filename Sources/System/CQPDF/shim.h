#ifndef IBOOK_CQPDF_SHIM_H
#define IBOOK_CQPDF_SHIM_H
#include <qpdf/qpdf-c.h>
#include <qpdf/qpdfjob-c.h>
#include <qpdf/qpdflogger-c.h>
#include <qpdf/Constants.h>
#endif
